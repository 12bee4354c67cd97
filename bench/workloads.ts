// Why: every in-process figure is taken the same way (the same texts, one warm-up, the median of
// the timed runs, in this one process, in interleaved rounds) so the ratios between them are fair.
import { readFileSync } from 'node:fs';
import { Session, type SessionConfig, type Step } from '../machines/session.ts';
import { parseFixture } from '../runner/load-fixture.ts';
import { profileForFixture } from '../runner/profile-for.ts';
import { runCase } from '../runner/run-case.ts';
import { classifyMessage } from '../validators/envelope.ts';
import { isNotificationMethod, isRequestMethod, methodTable } from '../validators/methods.ts';
import { parseStrictJson } from '../validators/strict-json.ts';
import type { GeneratedStep } from './generate.ts';
import { significant } from './measure.ts';

/** A throughput figure. */
export interface Throughput {
  readonly messages: number;
  readonly msgs_per_s: number;
  readonly runs: number;
  /** Messages the path rejected in one run (0 for valid traffic). */
  readonly rejected: number;
}

/** A workload that could not be measured here, and why. */
export interface Skipped {
  readonly skipped: string;
}

/** One pass of a throughput workload, and how to turn its median time into the figure. */
export interface ThroughputTask {
  readonly pass: () => void;
  readonly figure: (seconds: number, runs: number) => Throughput;
}

/** True when a workload was skipped. */
export function isSkipped(value: object): value is Skipped {
  return typeof (value as Partial<Skipped>).skipped === 'string';
}

function task(messages: number, pass: () => number): ThroughputTask {
  let rejected = 0;
  return {
    pass: () => {
      rejected = pass();
    },
    figure: (seconds, runs) => ({ messages, msgs_per_s: significant(messages / seconds), runs, rejected }),
  };
}

function toStep(s: GeneratedStep, message?: unknown): Step {
  if (s.kind === 'control') return { control_event: { type: 'activate_authorization_revision', revision: s.revision } };
  return s.context ? { direction: s.direction, message, transport_context: s.context } : { direction: s.direction, message };
}

/** The whole path over a stream: strict reader, envelope, schemas and machines, one session; returns rejected messages. */
export function pipelineOnce(steps: readonly GeneratedStep[], config: SessionConfig): number {
  const session = new Session(config);
  let rejected = 0;
  try {
    for (const s of steps) {
      const found = session.feed(s.kind === 'control' ? toStep(s) : toStep(s, parseStrictJson(s.text)));
      for (const f of found) {
        if (f.severity === 'error') {
          rejected += 1;
          break;
        }
      }
    }
  } finally {
    session.stop();
  }
  return rejected;
}

function texts(steps: readonly GeneratedStep[]): string[] {
  const out: string[] = [];
  for (const s of steps) if (s.kind === 'message') out.push(s.text);
  return out;
}

function overTexts(list: readonly string[], check: (text: string) => boolean): ThroughputTask {
  return task(list.length, () => {
    let rejected = 0;
    for (const t of list) if (!check(t)) rejected += 1;
    return rejected;
  });
}

/** `pipeline`: the full stateful check. */
export function pipelineTask(steps: readonly GeneratedStep[], config: SessionConfig): ThroughputTask {
  return task(texts(steps).length, () => pipelineOnce(steps, config));
}

/** `json_parse`: JSON.parse alone, the floor every path pays. */
export function jsonParseTask(steps: readonly GeneratedStep[]): ThroughputTask {
  return overTexts(texts(steps), (t) => JSON.parse(t) !== undefined);
}

/** `strict_json`: the strict reader alone (grammar, duplicate keys, depth, safe integers, then JSON.parse), the pipeline's floor. */
export function strictJsonTask(steps: readonly GeneratedStep[]): ThroughputTask {
  return overTexts(texts(steps), (t) => parseStrictJson(t) !== undefined);
}

/**
 * `strict_envelope`: the strict reader and the JSON-RPC envelope classifier with the profile's
 * method table — the job the SDK path does (one message's envelope shape), done on strict JSON,
 * without the schemas of params and results or any session state.
 */
export function strictEnvelopeTask(steps: readonly GeneratedStep[], config: SessionConfig): ThroughputTask {
  const methods = methodTable(config.profile);
  const isNotification = (m: string) => isNotificationMethod(m, methods);
  const isRequest = (m: string) => isRequestMethod(m, methods);
  return overTexts(texts(steps), (t) => classifyMessage(parseStrictJson(t), '/message', isNotification, isRequest).envelope !== undefined);
}

/** `sdk`: JSON.parse and the official SDK's JSONRPCMessageSchema, a stateless shape check. */
export async function sdkTask(steps: readonly GeneratedStep[]): Promise<ThroughputTask | Skipped> {
  let schema: { safeParse(value: unknown): { success: boolean } };
  try {
    schema = (await import('@modelcontextprotocol/sdk/types.js')).JSONRPCMessageSchema;
  } catch {
    return { skipped: '@modelcontextprotocol/sdk is not installed (a dev dependency)' };
  }
  return overTexts(texts(steps), (t) => schema.safeParse(JSON.parse(t)).success);
}

type AjvValidate = (value: unknown) => boolean;
interface OfficialAjv {
  readonly schema: { readonly $defs?: Record<string, { readonly properties?: { readonly method?: { readonly const?: unknown } } }> };
  readonly get: (definition: string) => AjvValidate | undefined;
}

const loadedAjv = new Map<string, Promise<OfficialAjv | Skipped>>();

/** ajv (a dev dependency) with the official 2025-11-25 JSON Schema loaded (once per path), or why it cannot be. */
function officialAjv(schemaPath: string): Promise<OfficialAjv | Skipped> {
  let loaded = loadedAjv.get(schemaPath);
  if (!loaded) loadedAjv.set(schemaPath, (loaded = loadOfficialAjv(schemaPath)));
  return loaded;
}

async function loadOfficialAjv(schemaPath: string): Promise<OfficialAjv | Skipped> {
  let schemaText: string;
  try {
    schemaText = readFileSync(schemaPath, 'utf8');
  } catch {
    return { skipped: 'the official schema ../shared/spec/schema-2025-11-25.json is not present' };
  }
  let Ajv2020: new (options: Record<string, unknown>) => {
    addSchema(schema: unknown, key: string): unknown;
    getSchema(ref: string): AjvValidate | undefined;
  };
  try {
    const mod = (await import('ajv/dist/2020.js')) as unknown as { default: { default?: unknown } };
    Ajv2020 = (mod.default.default ?? mod.default) as typeof Ajv2020;
  } catch {
    return { skipped: 'ajv is not installed (a dev dependency)' };
  }
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const schema = JSON.parse(schemaText) as OfficialAjv['schema'];
  ajv.addSchema(schema, 'mcp');
  return { schema, get: (definition) => ajv.getSchema(`mcp#/$defs/${definition}`) };
}

/** `ajv`: JSON.parse and ajv compiled from the official JSON Schema's JSONRPCMessage definition. */
export async function ajvTask(steps: readonly GeneratedStep[], schemaPath: string): Promise<ThroughputTask | Skipped> {
  const loaded = await officialAjv(schemaPath);
  if (isSkipped(loaded)) return loaded;
  const validate = loaded.get('JSONRPCMessage');
  if (!validate) return { skipped: 'the official schema has no JSONRPCMessage definition' };
  return overTexts(texts(steps), (t) => validate(JSON.parse(t)));
}

/**
 * `ajv_methods` and `strict_ajv_methods`: the schema work of the pipeline without its state, done
 * by ajv from the official schema: the JSONRPCMessage definition, then each request and
 * notification against its method's definition (`CallToolRequest`, ...) and each result against
 * the definition its request names (`CallToolResult`, or `EmptyResult`), the request's method
 * remembered per direction and id. Read with `JSON.parse` or with the strict reader. No formats,
 * no tool arguments against their schemas, no lifecycle, authorization or subscriptions.
 */
export async function ajvMethodsTask(
  steps: readonly GeneratedStep[],
  schemaPath: string,
  read: (text: string) => unknown,
): Promise<ThroughputTask | Skipped> {
  const loaded = await officialAjv(schemaPath);
  if (isSkipped(loaded)) return loaded;
  const envelope = loaded.get('JSONRPCMessage');
  if (!envelope) return { skipped: 'the official schema has no JSONRPCMessage definition' };
  const defs = loaded.schema.$defs ?? {};
  const calls = new Map<string, { call: AjvValidate; result: AjvValidate | undefined }>();
  for (const [name, def] of Object.entries(defs)) {
    const method = def.properties?.method?.const;
    if (typeof method !== 'string' || !(name.endsWith('Request') || name.endsWith('Notification'))) continue;
    const call = loaded.get(name);
    if (!call) continue;
    const resultName = name.replace(/Request$/, 'Result');
    const result = name.endsWith('Request') ? loaded.get(resultName in defs ? resultName : 'EmptyResult') : undefined;
    calls.set(method, { call, result });
  }
  const stream: { readonly text: string; readonly fromClient: boolean }[] = [];
  for (const s of steps) if (s.kind === 'message') stream.push({ text: s.text, fromClient: s.direction === 'client_to_server' });
  return task(stream.length, () => {
    const pending = { fromClient: new Map<unknown, AjvValidate | undefined>(), fromServer: new Map<unknown, AjvValidate | undefined>() };
    let rejected = 0;
    for (const { text, fromClient } of stream) {
      const m = read(text) as Record<string, unknown>;
      let ok = envelope(m);
      if (ok && typeof m['method'] === 'string') {
        const spec = calls.get(m['method']);
        ok = spec !== undefined && spec.call(m);
        if ('id' in m) (fromClient ? pending.fromClient : pending.fromServer).set(m['id'], spec?.result);
      } else if (ok) {
        const open = fromClient ? pending.fromServer : pending.fromClient;
        const validate = open.get(m['id']);
        open.delete(m['id']);
        if ('result' in m) ok = validate !== undefined && validate(m['result']);
      }
      if (!ok) rejected += 1;
    }
    return rejected;
  });
}

/** `course_inprocess`: every case of the course fixture replayed in this process, `passes` times per run. */
export function courseTask(coursePath: string, passes = 20): ThroughputTask | Skipped {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(coursePath);
  } catch {
    return { skipped: 'the course fixture ../shared/course/mcp-cases.json is not present' };
  }
  const fixture = parseFixture(bytes, 'course fixture');
  const profile = profileForFixture(fixture);
  let fed = 0;
  fixture.cases.forEach((kase, i) => runCase(fixture, kase, i, { profile, onStep: () => void (fed += 1) }));
  return task(fed * passes, () => {
    let unexpected = 0;
    for (let p = 0; p < passes; p++) {
      fixture.cases.forEach((kase, i) => {
        const r = runCase(fixture, kase, i, { profile });
        if (r.status !== 'passed' && r.status !== 'expected_failure') unexpected += 1;
      });
    }
    return unexpected;
  });
}
