// Why: one function decides which official definition types a wire message and what the schema
// says about it, so every cross-check asks the oracle the same way: a request or notification by
// its method, a result by the method of the request it answers, an error by the error envelope.
import type { OfficialSchema } from './official-schema.ts';

/** The request a result answers, when one is known. */
export interface Answered {
  readonly method: string;
  readonly params: unknown;
}

/** What the official schema says about one message: the definitions used and their errors. */
export interface SchemaVerdict {
  readonly definitions: readonly string[];
  readonly errors: readonly string[];
}

function isObject(x: unknown): x is { readonly [key: string]: unknown } {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/**
 * JSON-RPC 2.0 rules the MCP schema leaves open (its envelope definitions do not close their
 * members), checked on top of it as the specification folder's README asks: a notification is a
 * request object without an `id` member (section 4.1), and a response carries result or error,
 * never both (section 5).
 */
function jsonRpcRules(message: { readonly [key: string]: unknown }, notification: boolean): string[] {
  const out: string[] = [];
  if (notification && 'id' in message) out.push('JSON-RPC 2.0 section 4.1: a notification has no id member');
  if ('result' in message && 'error' in message) out.push('JSON-RPC 2.0 section 5: a response carries result or error, not both');
  return out;
}

/**
 * Judges `message` with the official schema. A method the revision does not define matches no
 * definition of the Client/Server unions (`no definition` is reported); a result whose request is
 * unknown is judged by the result envelope alone, since correlation is not the schema's concern.
 */
export function schemaVerdict(schema: OfficialSchema, message: unknown, answered: Answered | undefined): SchemaVerdict {
  const { envelope } = schema;
  const check = (pairs: ReadonlyArray<readonly [string, unknown]>, extra: readonly string[] = []): SchemaVerdict => ({
    definitions: pairs.map(([d]) => d),
    errors: [...pairs.flatMap(([d, value]) => schema.validate(d, value)), ...extra],
  });
  if (!isObject(message)) return check([[envelope.message, message]]);
  const method = message['method'];
  if (typeof method === 'string') {
    const spec = schema.methods.get(method);
    const base = 'id' in message && spec?.kind !== 'notification' ? envelope.request : envelope.notification;
    if (!spec) return check([[base, message]], [`no definition for method ${method} in ${schema.revision}`]);
    const own = spec.kind === 'request' ? envelope.request : envelope.notification;
    return check([[own, message], [spec.definition, message]], jsonRpcRules(message, spec.kind === 'notification'));
  }
  const extra = jsonRpcRules(message, false);
  if ('result' in message) {
    const typed = answered ? schema.resultDefinition(answered.method, answered.params) : undefined;
    if (!typed) return check([[envelope.result, message]], extra);
    if (typed.whole) return check([[typed.definition, message]], extra);
    return check([[envelope.result, message], [typed.definition, message['result']]], extra);
  }
  if ('error' in message) {
    const error = message['error'];
    const typed = schema.errorDefinition(isObject(error) ? error['code'] : undefined);
    if (!typed) return check([[envelope.error, message]]);
    return check([[envelope.error, message], typed.whole ? [typed.definition, message] : [typed.definition, error]]);
  }
  return check([[envelope.message, message]]);
}
