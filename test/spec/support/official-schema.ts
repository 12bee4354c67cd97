// Why: the cross-checks judge messages with the official JSON Schema of each revision, read in
// place from ../shared/spec/ (third-party data, never copied into the project). This compiles the
// schema with ajv once per revision and maps each method to the definitions that type its
// request or notification and its result, as the schema itself says (the `method` constants of
// the Client/Server request and notification unions), so no table of ours decides the oracle.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv as Ajv07, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** A specification revision with an official schema. */
export type Revision = '2025-06-18' | '2025-11-25' | '2026-07-28';

/** Every revision with an official schema. */
export const REVISIONS: readonly Revision[] = ['2025-06-18', '2025-11-25', '2026-07-28'];

/** The folder that holds the official schemas and examples (outside the project). */
export const SPEC_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'spec');

/** The path of a revision's official schema. */
export function schemaPath(revision: Revision): string {
  return join(SPEC_DIR, `schema-${revision}.json`);
}

/** True when every revision's schema is present. */
export function schemasPresent(): boolean {
  return REVISIONS.every((r) => existsSync(schemaPath(r)));
}

/** Who may send a method, according to the schema's Client/Server unions. */
export type SchemaSender = 'client' | 'server' | 'both';

/** A method as the schema types it. */
export interface SchemaMethod {
  readonly method: string;
  readonly kind: 'request' | 'notification';
  readonly sender: SchemaSender;
  /** The definition of the whole request or notification (`CallToolRequest`). */
  readonly definition: string;
}

/** One revision's schema, compiled. */
export interface OfficialSchema {
  readonly revision: Revision;
  readonly definitions: ReadonlySet<string>;
  /** The wire methods of the revision, by name. */
  readonly methods: ReadonlyMap<string, SchemaMethod>;
  /** Validates `value` against a definition; the ajv errors as `instancePath keyword message` lines. */
  validate(definition: string, value: unknown): string[];
  /** The envelope definitions: a request, a notification, a result and an error response. */
  readonly envelope: { readonly request: string; readonly notification: string; readonly result: string; readonly error: string; readonly message: string };
  /**
   * The definition a result of `method` must match, and whether it covers the whole response
   * (`<X>ResultResponse` of 2026-07-28) or only its `result` member.
   */
  resultDefinition(method: string, requestParams: unknown): { readonly definition: string; readonly whole: boolean } | undefined;
  /**
   * The definition of an error response with `code`, where the revision types that code
   * (`UnsupportedProtocolVersionError` covers the whole response, `ParseError` the error object).
   */
  errorDefinition(code: unknown): { readonly definition: string; readonly whole: boolean } | undefined;
}

const TASK_AUGMENTABLE = new Set(['tools/call', 'sampling/createMessage', 'elicitation/create']);
const cache = new Map<Revision, OfficialSchema>();

type Schema = { readonly [key: string]: unknown };

function isObject(x: unknown): x is Schema {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** The members of a Client/Server union; a union of one member (2026-07-28's ClientNotification) is that member itself. */
function unionMembers(defs: Schema, name: string): string[] {
  const union = defs[name];
  if (!isObject(union)) return [];
  if (!Array.isArray(union['anyOf'])) return methodConst(defs, name) === undefined ? [] : [name];
  return union['anyOf'].map((m: unknown) => (isObject(m) && typeof m['$ref'] === 'string' ? m['$ref'].split('/').pop()! : ''));
}

function methodConst(defs: Schema, name: string): string | undefined {
  const def = defs[name];
  const props = isObject(def) ? def['properties'] : undefined;
  const method = isObject(props) ? props['method'] : undefined;
  return isObject(method) && typeof method['const'] === 'string' ? method['const'] : undefined;
}

/** Compiles the official schema of `revision` (cached); throws when it is missing. */
export function officialSchema(revision: Revision): OfficialSchema {
  const cached = cache.get(revision);
  if (cached) return cached;
  const schema = JSON.parse(readFileSync(schemaPath(revision), 'utf8')) as Schema;
  const draft2020 = schema['$schema'] === 'https://json-schema.org/draft/2020-12/schema';
  const defsKey = draft2020 ? '$defs' : 'definitions';
  const defs = schema[defsKey] as Schema;
  // `format` is an annotation in both drafts unless a format vocabulary is asserted; the schema
  // does not assert one, so formats are not validated (the prose rules behind them are ours).
  const options = { strict: true, allErrors: false, validateFormats: false, allowUnionTypes: true };
  const ajv = draft2020 ? new Ajv2020(options) : new Ajv07(options);
  ajv.addSchema(schema, 'mcp');
  const compiled = new Map<string, ValidateFunction>();
  const compile = (definition: string): ValidateFunction => {
    let fn = compiled.get(definition);
    if (!fn) {
      if (!Object.hasOwn(defs, definition)) throw new Error(`${revision}: no definition ${definition}`);
      fn = ajv.getSchema(`mcp#/${defsKey}/${definition}`);
      if (!fn) throw new Error(`${revision}: could not compile ${definition}`);
      compiled.set(definition, fn);
    }
    return fn;
  };

  const methods = new Map<string, SchemaMethod>();
  const senders: Array<[string, 'client' | 'server', 'request' | 'notification']> = [
    ['ClientRequest', 'client', 'request'],
    ['ServerRequest', 'server', 'request'],
    ['ClientNotification', 'client', 'notification'],
    ['ServerNotification', 'server', 'notification'],
  ];
  for (const [union, sender, kind] of senders) {
    for (const definition of unionMembers(defs, union)) {
      const method = methodConst(defs, definition);
      if (method === undefined) throw new Error(`${revision}: ${union} member ${definition} has no method constant`);
      const known = methods.get(method);
      // A one-member union is named after its side; the member's own definition names the method.
      const own = known !== undefined && /^(Client|Server)/.test(definition) ? known.definition : definition;
      methods.set(method, { method, kind, definition: own, sender: known && known.sender !== sender ? 'both' : sender });
    }
  }

  const has = (name: string): boolean => Object.hasOwn(defs, name);
  const errors = new Map<number, { definition: string; whole: boolean }>();
  for (const [name, def] of Object.entries(defs)) {
    const props = isObject(def) ? def['properties'] : undefined;
    if (!isObject(props) || name === 'Error') continue;
    const bare = isObject(props['code']) ? props['code']['const'] : undefined;
    if (typeof bare === 'number') errors.set(bare, { definition: name, whole: false });
    const parts = isObject(props['error']) && Array.isArray(props['error']['allOf']) ? props['error']['allOf'] : [];
    for (const part of parts) {
      const code = isObject(part) && isObject(part['properties']) && isObject(part['properties']['code']) ? part['properties']['code']['const'] : undefined;
      if (typeof code === 'number') errors.set(code, { definition: name, whole: true });
    }
  }
  const envelope = {
    request: 'JSONRPCRequest',
    notification: 'JSONRPCNotification',
    result: has('JSONRPCResultResponse') ? 'JSONRPCResultResponse' : 'JSONRPCResponse',
    error: has('JSONRPCErrorResponse') ? 'JSONRPCErrorResponse' : 'JSONRPCError',
    message: 'JSONRPCMessage',
  };
  const official: OfficialSchema = {
    revision,
    definitions: new Set(Object.keys(defs)),
    methods,
    envelope,
    validate(definition, value) {
      const fn = compile(definition);
      if (fn(value)) return [];
      return (fn.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.keyword} ${e.message ?? ''}`.trim());
    },
    resultDefinition(method, requestParams) {
      const request = methods.get(method);
      if (request?.kind !== 'request') return undefined;
      if (TASK_AUGMENTABLE.has(method) && isObject(requestParams) && requestParams['task'] !== undefined && has('CreateTaskResult')) {
        return { definition: 'CreateTaskResult', whole: false };
      }
      const base = request.definition.replace(/Request$/, '');
      if (has(`${base}ResultResponse`)) return { definition: `${base}ResultResponse`, whole: true };
      if (has(`${base}Result`)) return { definition: `${base}Result`, whole: false };
      return { definition: 'EmptyResult', whole: false };
    },
    errorDefinition(code) {
      return typeof code === 'number' ? errors.get(code) : undefined;
    },
  };
  cache.set(revision, official);
  return official;
}
