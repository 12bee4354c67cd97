/**
 * The course profile's reading of numbers written as decimals (validators/decimal-spelling.ts).
 * Its reference reads `1.0` as a float, never as an integer: where it wants an integer (an id, an
 * error code, maxTokens, a descriptor size, a schema's length and item bounds, the members of an
 * integer enum, a value its tool schema types as an integer) such a number is refused. A decimal
 * beyond the largest double is read as infinity, which every check that wants a number refuses
 * and every member it never reads carries unexamined, so it is left to those checks here.
 */
import type { JsonObject } from './context.ts';
import type { DecimalPlace } from './decimal-spelling.ts';
import type { Finding } from './finding.ts';
import { pointerJoin } from './finding.ts';
import { finding } from './rules/report.ts';
import { isJsonObject } from './shape.ts';
import { ruleById } from './rules/index.ts';

type Path = readonly (string | number)[];

const BOUNDS: ReadonlySet<unknown> = new Set(['minItems', 'maxItems', 'minLength', 'maxLength']);
const SCHEMA_ROOTS: ReadonlySet<unknown> = new Set(['inputSchema', 'outputSchema']);

/** The schema a value at `path` below a value of `schema` is checked against, if any. */
function schemaBelow(schema: unknown, path: Path): JsonObject | undefined {
  let at: unknown = schema;
  for (const key of path) {
    if (!isJsonObject(at)) return undefined;
    const properties = at['properties'];
    if (at['type'] === 'object' && isJsonObject(properties) && Object.hasOwn(properties, String(key))) at = properties[String(key)];
    else if (at['type'] === 'array') at = at['items'];
    else return undefined;
  }
  return isJsonObject(at) ? at : undefined;
}

/** Whether `path` below a tool schema (or requestedSchema) names a bound or an integer enum member the reference wants an integer for. */
function isSchemaInteger(schema: unknown, path: Path): boolean {
  const last = path[path.length - 1];
  if (BOUNDS.has(last)) return true;
  if (path.length < 2 || path[path.length - 2] !== 'enum') return false;
  let at: unknown = schema;
  for (const key of path.slice(0, -2)) at = isJsonObject(at) || Array.isArray(at) ? (at as Record<string, unknown>)[String(key)] : undefined;
  return isJsonObject(at) && at['type'] === 'integer';
}

/**
 * The findings for integral numbers written as decimals where the course's reference wants an
 * integer, in a message sent as `kind`; `tool` is the declared tool (the only one the course calls).
 */
export function courseDecimalFindings(message: JsonObject, places: readonly DecimalPlace[], tool: JsonObject | undefined): Finding[] {
  const out: Finding[] = [];
  const method = typeof message['method'] === 'string' ? message['method'] : undefined;
  const params = isJsonObject(message['params']) ? message['params'] : undefined;
  for (const { path, spelling } of places) {
    if (spelling !== 'integral') continue;
    const at = pointerJoin('/message', ...path);
    const [top, second, third] = path;
    const written = 'a number written with a fraction or exponent, which the course reads as no integer';
    if (path.length === 1 && top === 'id') {
      out.push(finding(ruleById('envelope/id-type'), at, `Invalid id: Expected a string or an integer but received ${written}`));
    } else if (top === 'error' && second === 'code' && path.length === 2) {
      out.push(finding(ruleById('envelope/error-object'), at, `Invalid error: Expected an integer code but received ${written}`));
    } else if (method === 'sampling/createMessage' && top === 'params' && second === 'maxTokens' && path.length === 2) {
      out.push(finding(ruleById('sampling/params'), at, `Invalid sampling/createMessage params: Expected an integer maxTokens but received ${written}`));
    } else if (method === 'tools/call' && top === 'params' && second === 'arguments' && params?.['name'] === tool?.['name']) {
      if (schemaBelow(tool?.['inputSchema'], path.slice(2))?.['type'] === 'integer') {
        out.push(finding(ruleById('toolschema/instance-type'), at, `Invalid type: the value must be an integer but received ${written}`));
      }
    } else if (method === undefined && top === 'result' && second === 'structuredContent') {
      if (schemaBelow(tool?.['outputSchema'], path.slice(2))?.['type'] === 'integer') {
        out.push(finding(ruleById('toolschema/instance-type'), at, `Invalid type: the value must be an integer but received ${written}`));
      }
    } else if (method === undefined && top === 'result' && second === 'resources' && path[3] === 'size' && path.length === 4) {
      out.push(finding(ruleById('resources/descriptor-shape'), at, `Invalid resource descriptor: Expected an integer size but received ${written}`));
    } else if ((top === 'result' || top === 'params') && second === 'tools' && SCHEMA_ROOTS.has(path[3]) && path.length > 4) {
      const holder = top === 'result' ? message['result'] : params;
      const schema = isJsonObject(holder) && Array.isArray(holder['tools']) ? (holder['tools'][Number(third)] as JsonObject | undefined)?.[String(path[3])] : undefined;
      if (isSchemaInteger(schema, path.slice(4))) out.push(finding(ruleById('toolschema/keyword-value'), at, `Invalid tool schema: Expected an integer but received ${written}`));
    } else if (method === 'elicitation/create' && top === 'params' && second === 'requestedSchema' && path.length > 2) {
      if (isSchemaInteger(params?.['requestedSchema'], path.slice(2))) out.push(finding(ruleById('toolschema/keyword-value'), at, `Invalid requestedSchema: Expected an integer but received ${written}`));
    }
  }
  return out;
}
