/**
 * RFC 6570 URI templates: whether a string is an absolute template, and whether a URI can be an
 * expansion of one, decided in time linear in the URI's length for each part of the template
 * (a regular expression with several expressions in a row backtracks exponentially).
 */
import { isAbsoluteUri, schemeLength } from './format.ts';

const VARCHAR = '(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})';
const VARSPEC = `${VARCHAR}(?:\\.?${VARCHAR})*(?::[1-9][0-9]{0,3}|\\*)?`;
const EXPRESSION = new RegExp(`^[+#./;?&]?${VARSPEC}(?:,${VARSPEC})*$`);

/** A literal part of a template, or an expression with its operator (`''` for a simple `{var}`). */
type Part = { readonly literal: string } | { readonly operator: string };

/**
 * What each operator's expansion matches: a non-empty run of characters other than `stop`
 * (`prefix` undefined), or, when `optional`, nothing or `prefix` followed by characters other
 * than `stop`. As regular expressions: `''` `[^/?#]+`, `+` `[^#]+`, `#` `(#.*)?`, `.`
 * `(\.[^/?#.]*)*`, `/` `(/[^/?#]*)*`, `;` `(;[^/?#;]*)*`, `?` `(\?[^#]*)?`, `&` `(&[^#]*)*`.
 */
interface Expansion {
  readonly prefix: string | undefined;
  readonly stop: string;
  readonly optional: boolean;
}

const EXPANSIONS: ReadonlyMap<string, Expansion> = new Map([
  ['', { prefix: undefined, stop: '/?#', optional: false }],
  ['+', { prefix: undefined, stop: '#', optional: false }],
  ['#', { prefix: '#', stop: '', optional: true }],
  ['.', { prefix: '.', stop: '/?#', optional: true }],
  ['/', { prefix: '/', stop: '?#', optional: true }],
  [';', { prefix: ';', stop: '/?#', optional: true }],
  ['?', { prefix: '?', stop: '#', optional: true }],
  ['&', { prefix: '&', stop: '#', optional: true }],
]);

/**
 * Splits a template into literal and expression parts; `null` when a brace is unbalanced or an
 * expression breaks the RFC 6570 grammar (levels 1-4: operators `+ # . / ; ? &`, `:n` prefix, `*` explode).
 */
function templateParts(t: string): Part[] | null {
  const parts: Part[] = [];
  let i = 0;
  while (i < t.length) {
    const open = t.indexOf('{', i);
    const literalEnd = open < 0 ? t.length : open;
    const literal = t.slice(i, literalEnd);
    if (literal.includes('}')) return null;
    if (literal) parts.push({ literal });
    if (open < 0) break;
    const close = t.indexOf('}', open);
    if (close < 0) return null;
    const body = t.slice(open + 1, close);
    if (!EXPRESSION.test(body)) return null;
    const first = body[0] as string;
    parts.push({ operator: '+#./;?&'.includes(first) ? first : '' });
    i = close + 1;
  }
  return parts;
}

/**
 * Whether `s` is an absolute RFC 6570 URI template: a literal scheme first, expressions of
 * levels 1-4 (`{var}`, `{+var}`, `{#var}`, `{.var}`, `{/var}`, `{;var}`, `{?a,b}`, `{&a}`,
 * `{var:3}`, `{list*}`), and literal parts in the RFC 3986 character set.
 */
export function isUriTemplate(s: string): boolean {
  if (schemeLength(s) === 0) return false;
  const parts = templateParts(s);
  if (!parts) return false;
  let probe = '';
  for (const p of parts) probe += 'literal' in p ? p.literal : '0';
  return isAbsoluteUri(probe);
}

/**
 * A template ready for matching: its parts, each literal with its Knuth-Morris-Pratt failure
 * table, and, when it has at most one expression, the literal text around it (the common shape,
 * `kb://docs/{id}`, then matches without any allocation).
 */
interface Compiled {
  readonly parts: readonly Part[];
  readonly failures: ReadonlyMap<string, Int32Array>;
  /** At most one expression: the text before it, the expression (none: the template is all literal) and the text after it. */
  readonly single: { readonly prefix: string; readonly expansion: Expansion | undefined; readonly suffix: string } | undefined;
}

const TEMPLATE_CACHE = new Map<string, Compiled | null>();

function failureTable(literal: string): Int32Array {
  const m = literal.length;
  const fail = new Int32Array(m);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && literal[i] !== literal[k]) k = fail[k - 1] as number;
    if (literal[i] === literal[k]) k++;
    fail[i] = k;
  }
  return fail;
}

function compile(template: string): Compiled | null {
  const parts = templateParts(template);
  if (parts === null) return null;
  const failures = new Map<string, Int32Array>();
  for (const p of parts) if ('literal' in p && !failures.has(p.literal)) failures.set(p.literal, failureTable(p.literal));
  const expressions = parts.filter((p) => 'operator' in p);
  let single: Compiled['single'];
  if (expressions.length <= 1) {
    const found = parts.findIndex((p) => 'operator' in p);
    const at = found < 0 ? parts.length : found;
    const text = (list: readonly Part[]) => list.map((p) => ('literal' in p ? p.literal : '')).join('');
    const expansion = found < 0 ? undefined : (EXPANSIONS.get((parts[at] as { operator: string }).operator) as Expansion);
    single = { prefix: text(parts.slice(0, at)), expansion, suffix: text(parts.slice(at + 1)) };
  }
  return { parts, failures, single };
}

function compiled(template: string): Compiled | null {
  const cached = TEMPLATE_CACHE.get(template);
  if (cached !== undefined) return cached;
  const c = compile(template);
  if (TEMPLATE_CACHE.size >= 512) TEMPLATE_CACHE.clear();
  TEMPLATE_CACHE.set(template, c);
  return c;
}

/** Whether `uri[from, to)` is one expansion of `e` (nothing, when it is optional). */
function isExpansion(uri: string, from: number, to: number, e: Expansion): boolean {
  if (from === to) return e.optional;
  if (e.prefix !== undefined && uri[from] !== e.prefix) return false;
  for (let i = from; i < to; i++) if (e.stop.includes(uri[i] as string)) return false;
  return true;
}

/** Positions after `literal` from each reachable position: all occurrences found at once (Knuth-Morris-Pratt), so repeated characters cost no rescans. */
function stepLiteral(uri: string, literal: string, fail: Int32Array, from: Uint8Array, to: Uint8Array): void {
  const m = literal.length;
  for (let i = 0, k = 0; i < uri.length; i++) {
    while (k > 0 && uri[i] !== literal[k]) k = fail[k - 1] as number;
    if (uri[i] === literal[k]) k++;
    if (k === m) {
      if (from[i + 1 - m] === 1) to[i + 1] = 1;
      k = fail[k - 1] as number;
    }
  }
}

/**
 * Positions after one expansion from each reachable position, in one sweep: a run that started at
 * a reachable position stays open until a `stop` character, so each position is visited once.
 */
function stepExpansion(uri: string, e: Expansion, from: Uint8Array, to: Uint8Array): void {
  let open = false;
  for (let i = 0; i <= uri.length; i++) {
    if (open || (e.optional && from[i] === 1)) to[i] = 1;
    if (i === uri.length) break;
    const c = uri[i] as string;
    if (e.stop.includes(c)) open = false;
    else if (from[i] === 1 && (e.prefix === undefined || c === e.prefix)) open = true;
  }
}

/**
 * Whether `uri` can be an expansion of `template`: literals match exactly; a simple `{var}`
 * matches one or more characters other than `/ ? #`; `{+var}` also matches `/` and `?`;
 * `{#var}`, `{/var}`, `{.var}`, `{;var}`, `{?var}` and `{&var}` match their prefixed forms or
 * nothing. The positions each part can reach are tracked as a set, part after part, so the time
 * is linear in the URI's length times the number of parts, whatever the template.
 */
export function matchesUriTemplate(template: string, uri: string): boolean {
  const c = compiled(template);
  if (c === null) return false;
  const single = c.single;
  if (single !== undefined) {
    if (single.expansion === undefined) return uri === single.prefix;
    const end = uri.length - single.suffix.length;
    return end >= single.prefix.length && uri.startsWith(single.prefix) && uri.endsWith(single.suffix)
      && isExpansion(uri, single.prefix.length, end, single.expansion);
  }
  const first = c.parts[0];
  // Most templates start with their scheme's literal: a URI that does not is rejected at once.
  if (first !== undefined && 'literal' in first && !uri.startsWith(first.literal)) return false;
  let from = new Uint8Array(uri.length + 1);
  let to = new Uint8Array(uri.length + 1);
  from[0] = 1;
  for (const part of c.parts) {
    to.fill(0);
    if ('literal' in part) stepLiteral(uri, part.literal, c.failures.get(part.literal) as Int32Array, from, to);
    else stepExpansion(uri, EXPANSIONS.get(part.operator) as Expansion, from, to);
    if (to.indexOf(1) < 0) return false;
    [from, to] = [to, from];
  }
  return from[uri.length] === 1;
}
