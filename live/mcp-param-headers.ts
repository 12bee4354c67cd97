// Why: in 2026-07-28 a Streamable HTTP client MUST mirror into `Mcp-Param-{Name}` headers the
// arguments a tool's inputSchema marks with `x-mcp-header` ("Custom Headers from Tool Parameters":
// "conforming clients MUST mirror the designated parameter values into HTTP headers"), encoded as
// "Value Encoding" says, and MUST reject a tool whose annotations break the page's constraints (it
// is not called). The checker does both whenever it calls a tool (check's exercise and --call), so
// that a server is never blamed for what the checker did. This is the one builder of those headers;
// the constraints themselves are validators/mcp-header.ts, the same code that judges a tool
// definition as tools/x-mcp-header, so the client the checker plays and the judge cannot disagree.
import type { JsonObject } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { collectMcpHeaderFindings, headerParams, type HeaderParam } from '../validators/mcp-header.ts';
import { isJsonObject } from '../validators/shape.ts';
import { headerValue } from './http-modern.ts';

/** The annotated parameters of a tool, or why the page says a client must reject the tool (the first broken constraint, with its pointer). */
export function paramHeaders(tool: JsonObject): { readonly headers: readonly HeaderParam[] } | { readonly invalid: string; readonly finding: Finding } {
  const broken: Finding[] = [];
  collectMcpHeaderFindings(tool['inputSchema'], '/inputSchema', broken);
  const first = broken[0];
  if (first !== undefined) return { invalid: `${first.message} (${first.pointer})`, finding: first };
  return { headers: headerParams(tool['inputSchema']) };
}

/**
 * The `Mcp-Param-{Name}` headers of a call with `args`: the value at each annotated parameter's
 * exact property path (own keys alone), a string as it is, an integer in decimal, a boolean as
 * true or false, in the Base64 sentinel form when it is not plain ASCII; a header whose value is
 * absent (or not of a mirrored type) is omitted.
 */
export function paramHeaderValues(headers: readonly HeaderParam[], args: JsonObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const h of headers) {
    let value: unknown = args;
    for (const key of h.path) value = isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text = typeof value === 'string' ? value
      : typeof value === 'boolean' ? String(value)
      : typeof value === 'number' && Number.isSafeInteger(value) ? String(value)
      : undefined;
    if (text !== undefined) out[`mcp-param-${h.name.toLowerCase()}`] = headerValue(text);
  }
  return out;
}

/** The headers a tools/call of `tool` with `args` carries over Streamable HTTP: none for a tool the page says to reject (it is not called). */
export function toolParamHeaders(tool: unknown, args: JsonObject): Record<string, string> {
  if (!isJsonObject(tool)) return {};
  const found = paramHeaders(tool);
  return 'headers' in found ? paramHeaderValues(found.headers, args) : {};
}

/** The most `Mcp-Param-*` request headers recorded of one request. */
const RECORDED_PARAM_HEADERS = 64;

/**
 * The `Mcp-Param-*` headers of an incoming request, to record beside the fixed ones (they mirror
 * arguments the body carries anyway, so they hold no credential the trace does not): the header
 * judge compares them with the tool's annotations.
 */
export function recordedParamHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith('mcp-param-') || value === undefined || count >= RECORDED_PARAM_HEADERS) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
    count += 1;
  }
  return out;
}
