/**
 * The `x-mcp-header` annotation of a 2026-07-28 tool's inputSchema (tools page, "x-mcp-header";
 * Streamable HTTP page, "Custom Headers from Tool Parameters"): a property whose value the client
 * mirrors into an `Mcp-Param-{name}` HTTP header. Its constraints are requirements on the tool
 * definition: a non-empty HTTP token, case-insensitively unique within the inputSchema, on a
 * property of type integer, string or boolean, reached from the root through `properties` keys only.
 */
import type { JsonObject } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isJsonObject, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { ruleById } from './rules/index.ts';

/** The annotation's key in a property's schema. */
export const X_MCP_HEADER = 'x-mcp-header';

/** RFC 9110 section 5.1 field-name: 1*tchar (which excludes control characters, CR and LF). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The types a mirrored parameter may have (number is not permitted). */
const HEADER_TYPES: ReadonlySet<unknown> = new Set(['integer', 'string', 'boolean']);

/** Keywords whose values are instances, not schemas: an `x-mcp-header` key inside them is data, no annotation. */
const INSTANCE_KEYWORDS: ReadonlySet<string> = new Set(['const', 'default', 'enum', 'examples']);

/** One valid annotation: the header name part and the chain of `properties` keys to the parameter. */
export interface HeaderParam {
  readonly name: string;
  readonly path: readonly string[];
}

interface Found {
  readonly at: string;
  readonly value: unknown;
  readonly node: JsonObject;
  /** The chain of properties keys from the root, or undefined when the chain passes anything else. */
  readonly path: readonly string[] | undefined;
}

/** Every x-mcp-header in `schema`, with whether it is statically reachable (bounded by the JSON's own depth). */
function annotations(schema: unknown, at: string): Found[] {
  const out: Found[] = [];
  const walk = (node: unknown, where: string, path: readonly string[] | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, pointerJoin(where, String(i)), undefined));
      return;
    }
    if (!isJsonObject(node)) return;
    if (X_MCP_HEADER in node) out.push({ at: pointerJoin(where, X_MCP_HEADER), value: node[X_MCP_HEADER], node, path });
    for (const [key, value] of Object.entries(node)) {
      if (key === X_MCP_HEADER || INSTANCE_KEYWORDS.has(key)) continue;
      if (key === 'properties' && isJsonObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, pointerJoin(pointerJoin(where, key), name), path === undefined ? undefined : [...path, name]);
      } else {
        walk(value, pointerJoin(where, key), undefined);
      }
    }
  };
  walk(schema, at, []);
  return out;
}

/** Pushes one finding per x-mcp-header annotation of `schema` (a tool's inputSchema at `at`) that breaks a constraint. */
export function collectMcpHeaderFindings(schema: unknown, at: string, out: Finding[]): void {
  const rule = ruleById('tools/x-mcp-header');
  const seen = new Map<string, string>();
  for (const a of annotations(schema, at)) {
    const { value, node } = a;
    let why: string | undefined;
    if (typeof value !== 'string' || value === '') why = `is ${shown(value)}, not a non-empty header name`;
    else if (!TOKEN.test(value)) why = `is ${shown(value)}, not an HTTP field-name token (1*tchar, RFC 9110 section 5.1)`;
    else if (seen.has(value.toLowerCase())) why = `${shown(value)} repeats ${seen.get(value.toLowerCase())} (the names are unique, case-insensitively, within the inputSchema)`;
    else if (!HEADER_TYPES.has(node['type'])) why = `annotates a property of type ${shown(node['type'])}; only integer, string and boolean parameters may be mirrored`;
    else if (a.path === undefined || a.path.length === 0) why = 'is not on a property reached from the schema root through properties keys alone (not through items, a composition, a condition or $ref)';
    if (typeof value === 'string' && value !== '' && !seen.has(value.toLowerCase())) seen.set(value.toLowerCase(), shown(value));
    if (why !== undefined) out.push(finding(rule, a.at, `x-mcp-header ${why}`));
  }
}

/** The valid annotations of a tool's inputSchema, in schema order (none when any is invalid: such a tool is rejected whole). */
export function headerParams(schema: unknown): readonly HeaderParam[] {
  const broken: Finding[] = [];
  collectMcpHeaderFindings(schema, '', broken);
  if (broken.length > 0) return [];
  return annotations(schema, '').map((a) => ({ name: a.value as string, path: a.path as string[] }));
}
