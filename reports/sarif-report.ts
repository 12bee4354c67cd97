// Why: SARIF 2.1.0 is what code scanning (GitHub and others) reads. Each finding is a result with
// its rule id, level and message; the rules carry their spec links as help URIs; locations point
// at the line of the trace file where the finding's event (or the value its pointer names) starts,
// with the JSON Pointer as a logical location. Expected failures are results with an accepted
// suppression; a stale expected failure is a result placed on its entry in the expected-failures file.
import { createHash } from 'node:crypto';
import { isAbsolute, posix } from 'node:path';
import { canonicalJson } from '../trace/canonical-json.ts';
import { PROFILES } from '../validators/profiles.ts';
import { RULES, ruleById } from '../validators/rules/index.ts';
import { specLinkFor } from '../validators/rules/spec-links.ts';
import { valuePositions, type TextPosition } from './json-positions.ts';
import type { ReportFinding, ReportModel } from './report-model.ts';

/** The schema every SARIF 2.1.0 log names. */
export const SARIF_SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** A file the results point into: its path as the user named it, and its text when known. */
export interface SarifArtifact {
  readonly path: string;
  readonly text?: string;
}

/** Where the SARIF results can point: the trace file and the expected-failures file. */
export interface SarifSources {
  readonly trace?: SarifArtifact;
  readonly expectedFailures?: SarifArtifact;
}

const STALE = ruleById('fixture/expected-failure-stale');

/** Where people learn about the tool that wrote the log. */
const INFORMATION_URI = 'https://www.npmjs.com/package/mcp-statechart';

/** The SARIF 2.1.0 log of a run, as a value (sorted and timestamp-free when written with canonical JSON). */
export function sarifReport(model: ReportModel, sources: SarifSources): Record<string, unknown> {
  const { trace } = model;
  const ruleIds = [...new Set([...model.findings.map((f) => f.rule), ...(model.stale.length > 0 ? [STALE.id] : [])])].sort();
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]));
  const findingPointers = model.findings.map((f, i) => pointersOf(f, i));
  const tracePositions = sources.trace?.text === undefined ? new Map<string, TextPosition>() : valuePositions(sources.trace.text, findingPointers.flat());
  const stalePositions = sources.expectedFailures?.text === undefined
    ? new Map<string, TextPosition>()
    : valuePositions(sources.expectedFailures.text, model.stale.map((s) => `/${s.index}`));
  const seen = new Map<string, number>();

  const results = model.findings.map((f, i) => {
    const evidence = canonicalJson([f.rule, f.severity, f.direction, f.method, f.pointer]);
    const occurrence = seen.get(evidence) ?? 0;
    seen.set(evidence, occurrence + 1);
    const pointers = findingPointers[i]!;
    const at = pointers.find((p) => tracePositions.has(p));
    const place = [f.method, f.direction?.replace(/_/g, ' ')].filter((x) => x !== null).join(', ');
    return {
      ruleId: f.rule,
      ruleIndex: ruleIndex.get(f.rule),
      level: f.severity,
      kind: 'fail',
      message: { text: `${f.message} (${f.event === null ? 'the run' : `event ${f.event}`}${place ? `: ${place}` : ''}, at ${f.pointer || '/'})` },
      locations: [location(sources.trace, at === undefined ? undefined : tracePositions.get(at), pointers[0]!)],
      partialFingerprints: { 'mcpStatechartEvidence/v1': `${sha256(evidence)}:${occurrence}` },
      suppressions: f.expectedBy === null ? undefined : [{ kind: 'external', status: 'accepted', justification: model.expected[f.expectedBy]?.reason }],
      properties: { event: f.event, pointer: f.pointer, direction: f.direction, method: f.method },
    };
  });
  for (const entry of model.stale) {
    const where = [entry.method, entry.pointer, entry.event === undefined ? undefined : `event ${entry.event}`].filter((x) => x !== undefined).join(', ');
    results.push({
      ruleId: STALE.id,
      ruleIndex: ruleIndex.get(STALE.id),
      level: 'error',
      kind: 'fail',
      message: { text: `Expected failure ${entry.index} (${entry.rule}${where ? `: ${where}` : ''}) matched no finding of this run: remove it. Its reason: ${entry.reason}` },
      locations: [location(sources.expectedFailures, stalePositions.get(`/${entry.index}`), `/${entry.index}`)],
      partialFingerprints: { 'mcpStatechartEvidence/v1': `${sha256(canonicalJson([STALE.id, entry.rule, entry.method, entry.pointer, entry.event]))}:0` },
      suppressions: undefined,
      properties: { event: entry.event ?? null, pointer: entry.pointer ?? '', direction: null, method: entry.method ?? null },
    });
  }

  const [name, version] = splitGenerator(trace.generator);
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [{
      tool: { driver: { name, version, informationUri: INFORMATION_URI, rules: ruleIds.map((id) => ruleDescriptor(id, model.trace.protocol_version ?? PROFILES.get(model.trace.profile)?.revision)) } },
      invocations: [{
        executionSuccessful: trace.status !== 'error',
        toolExecutionNotifications: trace.status === 'error' ? [{ level: 'error', message: { text: trace.error ?? 'the run could not complete' } }] : undefined,
      }],
      columnKind: 'utf16CodeUnits',
      results,
      properties: {
        status: model.status,
        signature: trace.signature,
        profile: trace.profile,
        protocol_version: trace.protocol_version,
        mode: trace.mode,
      },
    }],
  };
}

/** The SARIF log as canonical text, two-space indented, ending with a newline. */
export function sarifReportText(model: ReportModel, sources: SarifSources): string {
  return canonicalJson(sarifReport(model, sources), 2) + '\n';
}

/** Candidate pointers into the trace, most precise first: the finding's value, its event (or finding entry). */
function pointersOf(f: ReportFinding, index: number): string[] {
  if (f.event === null) return [`/findings/${index}`];
  const base = `/events/${f.event}`;
  const out = [base];
  if (f.pointer.startsWith('/')) {
    for (let i = f.pointer.indexOf('/', 1); i > 0; i = f.pointer.indexOf('/', i + 1)) out.push(base + f.pointer.slice(0, i));
    out.push(base + f.pointer);
  }
  return out.reverse();
}

function location(artifact: SarifArtifact | undefined, at: TextPosition | undefined, pointer: string): Record<string, unknown> {
  const logical = { logicalLocations: [{ fullyQualifiedName: pointer, kind: 'value' }] };
  if (artifact === undefined) return logical;
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(artifact.path) },
      region: at === undefined ? { startLine: 1 } : { startLine: at.line, startColumn: at.column },
    },
    ...logical,
  };
}

/** A relative URI reference for a path as the user named it; an absolute path keeps only its file name. */
export function artifactUri(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const relative = isAbsolute(path) || /^[A-Za-z]:\//.test(slashed) ? posix.basename(slashed) : posix.normalize(slashed).replace(/^(\.\/)+/, '');
  return relative.split('/').map((segment) => encodeURIComponent(segment)).join('/');
}

/** The rule as SARIF describes it, its links into the pages of `revision` (the revision judged). */
function ruleDescriptor(id: string, revision: string | undefined): Record<string, unknown> {
  const known = RULES.get(id);
  const rule = known === undefined ? undefined : { ...known, spec: specLinkFor(known, revision) };
  const area = id.slice(0, id.indexOf('/'));
  if (rule === undefined) return { id, shortDescription: { text: id }, fullDescription: { text: `${id} (a rule this build does not know)` }, properties: { tags: ['mcp', area] } };
  const web = /^https?:\/\//.test(rule.spec);
  return {
    id,
    shortDescription: { text: rule.text },
    fullDescription: { text: `${rule.text} (${rule.severity === 'error' ? 'a MUST: an error' : 'a SHOULD: a warning'})` },
    helpUri: web ? helpUri(rule.spec) : undefined,
    help: { text: web ? `${rule.text} See ${rule.spec}` : `${rule.text} (${rule.spec})` },
    defaultConfiguration: { level: rule.severity },
    properties: { tags: ['mcp', area] },
  };
}

/**
 * A spec link as SARIF readers accept it: without a text fragment directive (`#:~:text=...`, which
 * browsers understand but URI parsers such as the SARIF validator's refuse); the help text keeps it.
 */
export function helpUri(spec: string): string {
  const at = spec.indexOf(':~:');
  if (at === -1) return spec;
  const base = spec.slice(0, at);
  return base.endsWith('#') ? base.slice(0, -1) : base;
}

/** `mcp-statechart 0.1.0` as name and version. */
function splitGenerator(generator: string): [string, string | undefined] {
  const at = generator.lastIndexOf(' ');
  return at > 0 ? [generator.slice(0, at), generator.slice(at + 1)] : [generator || 'mcp-statechart', undefined];
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
