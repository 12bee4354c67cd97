import type { InspectionEvent } from 'xstate';
import type { AuthorizationPolicy } from '../validators/authorization.ts';
import type { JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import type { SessionConfig, SessionView, Step } from '../machines/session.ts';
import { Judge, type JudgedFinding } from '../judge/judge.ts';
import type { Fixture, FixtureCase } from './fixture-schema.ts';
import { caseEntries, caseProblem, type CaseEntry } from './case-steps.ts';
import { handshakeSteps } from './handshake.ts';

/** How a case came out. */
export type CaseStatus = 'passed' | 'expected_failure' | 'unexpected_pass' | 'unexpected_failure' | 'wrong_reason';

/** The verdict on one case. */
export interface CaseResult {
  readonly name: string;
  readonly status: CaseStatus;
  /** The failure reason (the first error finding's message), when the case failed. */
  readonly reason?: string;
  readonly rule?: string;
  /** JSON Pointer of the finding within the fixture (`/cases/3/steps/1/message/id`). */
  readonly pointer?: string;
  /** The method of the failing step's message, or of the request a response answers. */
  readonly method?: string;
  /** The tool, prompt, resource or task the finding's pointer is inside of. */
  readonly target?: FindingTarget;
  /** What a `wrong_reason` case expected instead. */
  readonly expected?: { readonly error_contains?: string; readonly rule?: string };
}

/** One played step with everything it produced, for inspectors. */
export interface PlayedStep {
  readonly label: string;
  readonly step: Step;
  readonly findings: readonly Finding[];
  readonly view: SessionView;
}

/** The handshake steps a case's `setup` plays before its own steps. */
export function setupSteps(fixture: Fixture, kase: FixtureCase, profile?: Profile): Step[] {
  const setup = (kase.setup ?? 'ready') as 'ready' | 'initialize_request_only' | 'none';
  if (setup === 'none' || profile?.stateless) return [];
  const client = { info: fixture.client.info, capabilities: (kase.client_capabilities === undefined ? fixture.client.capabilities : kase.client_capabilities) as JsonObject };
  const server = { info: fixture.server.info, capabilities: (kase.server_capabilities === undefined ? fixture.server.capabilities : kase.server_capabilities) as JsonObject };
  return handshakeSteps(fixture.protocol_version, 1, client, server, setup);
}

/** The capabilities a stateless case starts from, with no handshake to declare them: the case's, else the fixture's. */
export function declaredCapabilities(fixture: Fixture, kase: FixtureCase): { client: JsonObject; server: JsonObject } {
  return { client: (kase.client_capabilities ?? fixture.client.capabilities) as JsonObject, server: (kase.server_capabilities ?? fixture.server.capabilities) as JsonObject };
}

/** Options for playing a case. */
export interface PlayOptions {
  readonly profile: Profile;
  readonly inspect?: (event: InspectionEvent) => void;
  /** Called after every step (setup steps included). */
  readonly onStep?: (played: PlayedStep) => void;
}

/** The session a case plays through: the fixture's policy, transport defaults and tool, under `profile`. */
export function caseSessionConfig(fixture: Fixture, kase: FixtureCase, profile: Profile, inspect?: SessionConfig['inspect']): SessionConfig {
  return {
    profile,
    ...(fixture.authorization === undefined ? {} : { policy: fixture.authorization as AuthorizationPolicy }),
    ...(fixture.transport_context_defaults === undefined ? {} : { transportDefaults: fixture.transport_context_defaults }),
    ...(fixture.tool === undefined ? {} : { tools: [fixture.tool as JsonObject] }),
    ...(profile.stateless ? { capabilities: declaredCapabilities(fixture, kase) } : {}),
    ...(inspect ? { inspect } : {}),
    // After a played handshake a case is an excerpt: it shows no page the server gave before it.
    ...((kase.setup ?? 'ready') === 'none' ? {} : { excerpt: true }),
  };
}

/**
 * Plays a case through a fresh session and judges it. Like a real peer rejecting a message,
 * the case stops at the first step with an error finding; that finding is the reason.
 */
export function runCase(fixture: Fixture, kase: FixtureCase, index: number, options: PlayOptions): CaseResult {
  const problem = caseProblem(kase, options.profile);
  if (problem) return verdictOf(kase, { finding: problem, pointer: `/cases/${index}${problem.pointer}` });
  const judge = new Judge(caseSessionConfig(fixture, kase, options.profile, options.inspect));
  let failure: Failure | undefined;
  try {
    const labelled: CaseEntry[] = [
      ...setupSteps(fixture, kase, options.profile).map((step, i) => ({ label: `setup ${i}`, base: `/cases/${index}/setup`, step })),
      ...caseEntries(kase, index),
    ];
    for (const [at, entry] of labelled.entries()) {
      if ('problem' in entry) {
        failure = { finding: entry.problem, pointer: entry.base + entry.problem.pointer };
        break;
      }
      const { label, base, step } = entry;
      const { findings } = judge.feed(step, at);
      if (options.onStep) options.onStep({ label, step, findings, view: judge.view() });
      const error = findings.find((f) => f.severity === 'error');
      if (error) {
        failure = { finding: error, pointer: base + error.pointer };
        break;
      }
    }
  } finally {
    judge.stop();
  }
  return verdictOf(kase, failure);
}

/** An error finding that ended a case, with its pointer into the fixture. */
interface Failure {
  readonly finding: Finding & Partial<Pick<JudgedFinding, 'method' | 'target'>>;
  readonly pointer: string;
}

function verdictOf(kase: FixtureCase, failure: Failure | undefined): CaseResult {
  if (!failure) {
    return kase.expect === 'pass'
      ? { name: kase.name, status: 'passed' }
      : { name: kase.name, status: 'unexpected_pass', reason: 'every step was accepted, but the case expects a failure' };
  }
  const { finding, pointer } = failure;
  const { method, target } = finding;
  const detail = { reason: finding.message, rule: finding.rule, pointer, ...(method === undefined ? {} : { method }), ...(target === undefined ? {} : { target }) };
  if (kase.expect === 'pass') return { name: kase.name, status: 'unexpected_failure', ...detail };
  const fragmentOk = kase.error_contains === undefined || finding.message.includes(kase.error_contains);
  const ruleOk = kase.expect_rule === undefined || finding.rule === kase.expect_rule;
  if (fragmentOk && ruleOk) return { name: kase.name, status: 'expected_failure', ...detail };
  const expected = {
    ...(kase.error_contains === undefined ? {} : { error_contains: kase.error_contains }),
    ...(kase.expect_rule === undefined ? {} : { rule: kase.expect_rule }),
  };
  return { name: kase.name, status: 'wrong_reason', ...detail, expected };
}
