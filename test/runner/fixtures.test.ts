// Why: the fixtures under fixtures/ are the project's own executable evidence. One harness reads
// every file with the same loader the CLI uses, judges every case, and keeps the fixtures honest:
// each case says why it exists, each fail case names the rule it must fail on, and every rule a
// message can break is cited by some case (or listed below with the reason it cannot be).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Session, type Step } from '../../machines/session.ts';
import type { Fixture, FixtureCase } from '../../runner/fixture-schema.ts';
import { profileForFixture } from '../../runner/profile-for.ts';
import { caseSessionConfig, runCase, setupSteps, type CaseResult } from '../../runner/run-case.ts';
import { loadFixtures } from '../../scripts/fixture-files.ts';
import type { Finding } from '../../validators/finding.ts';
import { RULES } from '../../validators/rules/index.ts';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures');
const MIN_CASES = 120;

/**
 * Warning rules never fail a case (a case stops only at an error), so no expect_rule can cite
 * them. Each is covered instead by the named pass case, whose description says the warning is
 * expected; the harness checks that the warning really is reported there.
 */
const WARNING_CASES: Readonly<Record<string, string>> = {
  'lifecycle/initialize-failed': 'spec_lifecycle_initialize_error_returns_to_new',
  'subscription/unsubscribe-not-subscribed': 'spec_sub_unsubscribe_without_subscription_warns',
  'tools/name-format': 'spec_sampling_tool_name_format_warning',
  'toolschema/required-undeclared': 'spec_sampling_tool_required_undeclared_warning',
  'tasks/timestamp-order': 'tasks_timestamp_order_accepted',
  'tools/structured-content-without-text': 'spec_tools_structured_content_without_text_accepted',
  'format/timestamp': 'spec_content_bad_last_modified_warning',
  'json/unsafe-integer': 'spec_big_request_id_warns',
  'stateless/client-info-missing': 's26_client_info_missing_warns',
  'stateless/protocol-version-unsupported': 's26_unsupported_version_warns_then_rejected',
  'progress/exceeds-total': 'spec_progress_exceeds_total_warning',
  'cancellation/not-in-flight': 'spec_cancel_after_response_warning',
  'tasks/unknown-task': 'spec_tasks_unknown_task_warning',
  'tasks/cancel-terminal-task': 'spec_tasks_cancel_terminal_task_warning',
  'tasks/unknown-related-task': 'spec_tasks_unknown_related_task_warning',
  'stateless/log-below-level': 's26_log_below_requested_level_warns',
  'correlation/unanswered-requests': 'spec_unanswered_requests_past_limit_warning',
  'lifecycle/request-before-initialize-result': 'spec_lifecycle_request_before_initialize_result_warns',
  'lifecycle/server-request-early': 'spec_lifecycle_server_request_early_warns',
  'tools/name-not-unique': 'ext_tools_duplicate_across_pages',
};

/**
 * Warning rules that only a successful result can break. The session reports a result's findings
 * only when one of them is an error (a clean result is consumed and its warnings are dropped), so
 * these warnings are never reported today. The named pass case shows the result is accepted; the
 * harness fails once the warning starts being reported, so the rule then moves to WARNING_CASES.
 */
const DROPPED_RESULT_WARNINGS: Readonly<Record<string, string>> = {};

/** Rules no fixture message can make the first error of a case, each with the reason. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  'stateless/input-response-unknown-key': 'retired, never raised: the mrtr page has the server ignore keys it did not ask for (fixtures/spec-2026-07-28/input-required.json#s26_retry_unknown_key passes)',
  'prompts/duplicate-name': 'retired, never raised: a name the page calls a unique identifier, with no MUST or SHOULD (spec-2025-11-25/prompts.json#spec_prompts_duplicate_name passes)',
  'prompts/unknown-prompt': 'retired, never raised: no line forbids it (spec-2025-11-25/prompts.json#spec_prompts_get_unknown_after_listing passes)',
  'prompts/unknown-argument': 'retired, never raised: no line forbids it (spec-2025-11-25/prompts.json#spec_prompts_get_undeclared_argument passes)',
  'tools/stale-cursor': 'retired, never raised: cursors are only opaque (spec-2025-11-25/course-contrasts.json#ext_tools_list_changed_invalidates_cursor passes)',
  'stateless/relies-on-prior-request': 'judged on the answer to check\'s own probe (a server/discover right after one without _meta, live/live-judge.ts): traffic alone cannot tell a server pinned by a prior request from one refusing for another reason; test/live/modern-check.test.ts (modern-pins-legacy)',
  // A course case plays at most 512 steps (profile/too-many-steps, as its reference), so 1024
  // unanswered requests of one sender cannot be reached in a fixture case; a session shows it.
  'correlation/pending-limit': 'out of reach of a course case of at most 512 steps; test/machines/pending-limit.test.ts',
  // Notes about what the checker did not check (test/validators/json-schema.test.ts shows each).
  'toolschema/json-schema-too-large': 'a tool schema over 256 KiB of JSON, not compiled: too large for a fixture file worth keeping',
  'toolschema/pattern-unsupported': 'a pattern RE2 cannot run is a specification-profile note; fixtures run under the strict course profile (test/validators/json-schema.test.ts shows it)',
  'toolschema/dialect-unknown': 'a $schema naming no known dialect is read as 2020-12 with a note about the run; warnings on a clean result are dropped',
  // Reported only by non-strict profiles (strict ones report toolschema/unknown-keyword instead);
  // schema_version 3 fixtures are always judged under the strict course profile.
  'toolschema/keyword-not-executed': 'non-strict profiles only; fixtures run under the strict course profile',
  // validateContentList is only called with arrays: a non-array content is reported first by the
  // enclosing shape (tools/call-result, sampling/tool-content; see tools_call_result_content_not_array
  // and sampling_tool_result_content_not_array).
  'content/list-shape': 'callers pass only arrays; a non-array content fails the enclosing result shape first',
  // A case ends at its last step with no "end of the exchange" to judge; transcripts report it where
  // they end (test/scripts/validate-lines.test.ts).
  'correlation/unanswered-request': 'reported where a transcript ends; a fixture case has no end-of-exchange check',
  'correlation/ping-unanswered': 'reported where a transcript ends, as correlation/unanswered-request; a fixture case has no end-of-exchange check (test/judge/cancelled-unanswered.test.ts)',
  // Raised on the run as a whole when a session ends without notifications/initialized: a case has no end.
  'lifecycle/initialized-missing': 'raised when a session ends; a fixture case has no end-of-exchange check (test/scripts/check-client.test.ts)',
  // The checker's own stop of a call it exercised: a live time limit, which no message carries.
  'lifecycle/exercise-timeout': 'raised by a live check when an exercised call outlives --timeout; no message carries it (test/live/exercise.test.ts)',
  'correlation/pending-bytes-limit': 'past 16 MiB of one sender\'s pending params: too large for a fixture file worth keeping (test/machines/byte-bounds.test.ts)',
  // The message before the answer these judge draws an error of its own, and a case stops at its first error.
  'stateless/malformed-request-served': 'the request without its _meta draws stateless/request-meta-missing first, where a case stops (test/machines/refused-and-paged.test.ts, test/live/tap-modern.test.ts)',
  'elicitation/undeclared-mode-answered': 'the elicitation/create in an undeclared mode draws capability/client-not-declared first, where a case stops (test/machines/refused-and-paged.test.ts)',
};

/** Cases whose malformed response must leave the request pending for the valid response that follows. */
const STAYS_PENDING: readonly string[] = [
  'corr_malformed_result_then_valid_result',
  'corr_malformed_roots_result_then_valid_result',
  'lifecycle_malformed_initialize_result_stays_pending',
];

const loaded = await loadFixtures([FIXTURES]);

function allCases(): { label: string; fixture: Fixture; kase: FixtureCase; index: number }[] {
  return loaded.flatMap(({ label, fixture }) => fixture.cases.map((kase, index) => ({ label, fixture, kase, index })));
}

function judge(fixture: Fixture, kase: FixtureCase, index: number, onStep?: (findings: readonly Finding[]) => void): CaseResult {
  return runCase(fixture, kase, index, {
    profile: profileForFixture(fixture),
    ...(onStep ? { onStep: (played: { findings: readonly Finding[] }) => onStep(played.findings) } : {}),
  });
}

function findCase(name: string): { fixture: Fixture; kase: FixtureCase; index: number } {
  const found = allCases().filter((c) => c.kase.name === name);
  assert.is(found.length, 1, `exactly one fixture case is named ${name}`);
  return found[0]!;
}

test('fixtures/ holds fixture files', () => {
  assert.ok(loaded.length > 0, 'no fixture files under fixtures/');
});

for (const { label, fixture } of loaded) {
  test(`${label}: every case comes out as expected`, () => {
    const wrong: string[] = [];
    fixture.cases.forEach((kase, i) => {
      const r = judge(fixture, kase, i);
      if (r.status !== 'passed' && r.status !== 'expected_failure') {
        wrong.push(`${kase.name}: ${r.status}${r.reason ? ` (${r.reason})` : ''}${r.rule ? ` [${r.rule}]` : ''}`);
      }
    });
    assert.equal(wrong, [], `${label}: unexpected outcomes:\n${wrong.join('\n')}`);
  });
}

test('every case says why it exists and every fail case names its rule', () => {
  const problems: string[] = [];
  for (const { label, kase } of allCases()) {
    if (typeof kase.description !== 'string' || kase.description.trim().length === 0) problems.push(`${label}#${kase.name}: no description`);
    if (kase.expect === 'fail') {
      if (kase.expect_rule === undefined) problems.push(`${label}#${kase.name}: fail case without expect_rule`);
      else if (!RULES.has(kase.expect_rule)) problems.push(`${label}#${kase.name}: expect_rule ${kase.expect_rule} is not a registry rule`);
    }
  }
  assert.equal(problems, []);
});

test(`the fixtures hold at least ${MIN_CASES} cases`, () => {
  const total = allCases().length;
  assert.ok(total >= MIN_CASES, `only ${total} cases`);
});

test('every rule a message can break is cited by an expect_rule, or listed with its reason', () => {
  const cited = new Set(allCases().map((c) => c.kase.expect_rule).filter((r): r is string => r !== undefined));
  const listed = new Map<string, string>([
    ...Object.entries(WARNING_CASES),
    ...Object.entries(DROPPED_RESULT_WARNINGS),
    ...Object.entries(UNREACHABLE),
  ]);
  const entries = Object.keys(WARNING_CASES).length + Object.keys(DROPPED_RESULT_WARNINGS).length + Object.keys(UNREACHABLE).length;
  assert.is(listed.size, entries, 'a rule is listed more than once');
  const uncovered: string[] = [];
  for (const [id, rule] of RULES) {
    if (id.startsWith('fixture/') || id.startsWith('json/') || id.startsWith('cli/')) continue; // input files and the command line, not messages
    // What only a live connection shows (framing, bytes, timeouts, exits) and how a server answers the
    // live check's probes: tested against the peers in test/peers/stdio (test/live/broken-peers.test.ts);
    // http/ judges HTTP answers (test/live/http-rules.test.ts, one live peer each).
    if (id.startsWith('transport/') || id.startsWith('probe/') || id.startsWith('http/')) continue;
    // matrix/ compares whole sessions of SDK peers (test/matrix/).
    if (id.startsWith('matrix/')) continue;
    // scenario/ compares a live answer with the user's scenario file, no message alone (test/scenario/).
    if (id.startsWith('scenario/')) continue;
    if (!cited.has(id) && !listed.has(id)) uncovered.push(`${id} (${rule.severity})`);
  }
  assert.equal(uncovered, [], `rules no case cites: ${uncovered.join(', ')}`);
  for (const id of listed.keys()) {
    assert.ok(RULES.has(id), `listed rule ${id} is not in the registry (stale entry)`);
    assert.not.ok(cited.has(id), `listed rule ${id} is cited by an expect_rule, so its entry is stale`);
  }
  for (const id of [...Object.keys(WARNING_CASES), ...Object.keys(DROPPED_RESULT_WARNINGS)]) {
    assert.is(RULES.get(id)?.severity, 'warning', `${id} is listed as a warning rule`);
  }
});

test('each warning rule is reported in its pass case, which says the warning is expected', () => {
  for (const [rule, name] of Object.entries(WARNING_CASES)) {
    const { fixture, kase, index } = findCase(name);
    assert.is(kase.expect, 'pass', `${name} is a pass case`);
    assert.match(kase.description ?? '', /warning/i, `${name} says the warning is expected`);
    const seen: string[] = [];
    const r = judge(fixture, kase, index, (findings) => seen.push(...findings.map((f) => f.rule)));
    assert.is(r.status, 'passed', `${name}: ${r.reason ?? ''}`);
    assert.ok(seen.includes(rule), `${name} reports ${rule}; it reported ${seen.join(', ') || 'nothing'}`);
  }
});

test('result-only warnings are still dropped (move a rule to WARNING_CASES once it is reported)', () => {
  for (const [rule, name] of Object.entries(DROPPED_RESULT_WARNINGS)) {
    const { fixture, kase, index } = findCase(name);
    assert.is(kase.expect, 'pass', `${name} is a pass case`);
    const seen: string[] = [];
    const r = judge(fixture, kase, index, (findings) => seen.push(...findings.map((f) => f.rule)));
    assert.is(r.status, 'passed', `${name}: ${r.reason ?? ''}`);
    assert.not.ok(seen.includes(rule), `${name} now reports ${rule}: move it from DROPPED_RESULT_WARNINGS to WARNING_CASES`);
  }
});

/** Plays every step of a case, without stopping at errors, and returns each step's findings and pending ids. */
function replay(fixture: Fixture, kase: FixtureCase): { errors: string[]; pending: string[] }[] {
  const session = new Session(caseSessionConfig(fixture, kase, profileForFixture(fixture)));
  try {
    for (const step of setupSteps(fixture, kase)) assert.equal(session.feed(step).filter((f) => f.severity === 'error'), [], 'setup');
    return (kase.steps as Step[]).map((step) => {
      const errors = session.feed(step).filter((f) => f.severity === 'error').map((f) => f.rule);
      const view = session.view();
      const pending = [...view.pending.client_to_server, ...view.pending.server_to_client].map((p) => `${p.method}#${String(p.id)}`);
      return { errors, pending };
    });
  } finally {
    session.stop();
  }
}

test('a malformed result leaves its request pending, and the valid result that follows consumes it', () => {
  for (const name of STAYS_PENDING) {
    const { fixture, kase } = findCase(name);
    assert.is(kase.expect, 'fail', `${name} fails on its malformed result`);
    const played = replay(fixture, kase);
    const at = played.findIndex((p) => p.errors.length > 0);
    const malformed = played[at];
    const valid = played[at + 1];
    assert.ok(malformed !== undefined && valid !== undefined, `${name}: a rejected result followed by another step`);
    assert.is(malformed.errors[0], kase.expect_rule, `${name}: the malformed result is rejected with its expect_rule`);
    assert.ok(malformed.pending.length > 0, `${name}: the request is still pending after the malformed result`);
    for (const later of played.slice(at + 1)) assert.equal(later.errors, [], `${name}: every step after the malformed result is accepted`);
    for (const id of malformed.pending) assert.not.ok(valid.pending.includes(id), `${name}: ${id} is consumed by the valid result`);
  }
});

test.run();
