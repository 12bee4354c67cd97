// Why: in 2026-07-28 a Streamable HTTP client MUST mirror into `Mcp-Param-{Name}` headers the
// arguments a tool's inputSchema marks with `x-mcp-header`, encoded as the transport page says, and
// MUST set aside a tool whose annotations break the page's constraints (it is not called). The
// checker does both when it calls a tool, so that a server is never blamed for what it did.
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { headerValue } from './http-modern.ts';

/** One annotated property: the chain of `properties` keys to it and its header's name part. */
interface Annotated {
  readonly path: readonly string[];
  readonly name: string;
}

/** RFC 9110 token characters (`1*tchar`). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The safe integer range the page allows an annotated integer in. */
const SAFE = Number.MAX_SAFE_INTEGER;

/** Every `x-mcp-header` in a schema, where it is and whether it is statically reachable (a chain of `properties` keys). */
function collect(node: unknown, path: readonly string[], reachable: boolean, out: { found: Annotated[]; misplaced: string[] }): void {
  if (Array.isArray(node)) {
    node.forEach((item) => collect(item, path, false, out));
    return;
  }
  if (!isJsonObject(node)) return;
  if ('x-mcp-header' in node && path.length > 0) {
    if (reachable) out.found.push({ path, name: String(node['x-mcp-header']) });
    else out.misplaced.push(path.join('.') || '(root)');
  } else if ('x-mcp-header' in node) out.misplaced.push('(root)');
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isJsonObject(value)) {
      for (const [prop, schema] of Object.entries(value)) collect(schema, [...path, prop], reachable, out);
    } else if (key !== 'x-mcp-header' && key !== 'const' && key !== 'default' && key !== 'enum' && key !== 'examples') {
      collect(value, path, false, out);
    }
  }
}

/** The annotated properties of a tool, or why the page says a client must set the tool aside. */
export function paramHeaders(tool: JsonObject): { readonly headers: readonly Annotated[] } | { readonly invalid: string } {
  const out = { found: [] as Annotated[], misplaced: [] as string[] };
  collect(tool['inputSchema'], [], true, out);
  if (out.misplaced.length > 0) return { invalid: `its inputSchema has x-mcp-header where it is not statically reachable (${out.misplaced.join(', ')})` };
  const seen = new Set<string>();
  for (const h of out.found) {
    if (!TOKEN.test(h.name)) return { invalid: `its x-mcp-header ${JSON.stringify(h.name)} (at ${h.path.join('.')}) is not an HTTP token` };
    if (seen.has(h.name.toLowerCase())) return { invalid: `its x-mcp-header ${JSON.stringify(h.name)} is not case-insensitively unique` };
    seen.add(h.name.toLowerCase());
    const schema = h.path.reduce<unknown>((s, key) => (isJsonObject(s) && isJsonObject(s['properties']) ? s['properties'][key] : undefined), tool['inputSchema']);
    const type = isJsonObject(schema) ? schema['type'] : undefined;
    if (type !== 'string' && type !== 'integer' && type !== 'boolean') return { invalid: `its x-mcp-header ${JSON.stringify(h.name)} is on a property of type ${JSON.stringify(type)}, not integer, string or boolean` };
  }
  return { headers: out.found };
}

/** The `Mcp-Param-{Name}` headers of a call with `args` (a header whose value is absent is omitted). */
export function paramHeaderValues(headers: readonly Annotated[], args: JsonObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers) {
    const value = h.path.reduce<unknown>((v, key) => (isJsonObject(v) ? v[key] : undefined), args);
    let text: string | undefined;
    if (typeof value === 'string') text = value;
    else if (typeof value === 'boolean') text = String(value);
    else if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= SAFE) text = String(value);
    if (text !== undefined) out[`mcp-param-${h.name.toLowerCase()}`] = headerValue(text);
  }
  return out;
}
