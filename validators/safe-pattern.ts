// Why: a tool schema's `pattern` and `patternProperties` come from a server. On a backtracking
// engine (JavaScript's RegExp) a forty-character value can make `^(a+)+$` run for minutes with the
// event loop blocked: no timeout, no signal, no bound on the run. Peer-supplied patterns therefore
// run on RE2 (re2js: pure JavaScript, linear in the input), never on RegExp. What RE2 cannot run
// (backreferences, lookaround, repeats over 1000) is not run at all: the caller reports it as the
// checker's own limit (toolschema/pattern-unsupported) and the value is not judged against it.
import { createRequire } from 'node:module';
import type { RE2JS } from 're2js';

/** How many compiled patterns are kept (the least recently used is dropped first; each is some 15 KB). */
const MAX_CACHED = 512;

/** A pattern compiled for the linear-time engine, or why it could not be. */
export type SafePattern =
  | { readonly ok: true; readonly test: (value: string) => boolean }
  | { readonly ok: false; readonly reason: string };

type Re2Class = typeof RE2JS;
let re2: Re2Class | undefined;

/** Loads re2js when a pattern is first met (most runs meet none). */
function engine(): Re2Class {
  if (re2 === undefined) {
    const load = typeof require === 'function' ? require : createRequire(import.meta.url);
    re2 = (load('re2js') as { RE2JS: Re2Class }).RE2JS;
  }
  return re2;
}

/** JavaScript's `\s` (WhiteSpace and LineTerminator), which RE2's `\s` (ASCII only) is narrower than. */
const JS_SPACE = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/**
 * Rewrites the classes whose meaning differs between the engines so RE2 reads them as JavaScript
 * does: `.` excludes every line terminator, `\s` and `\S` are Unicode white space. (`\S` inside a
 * bracket class has no RE2 form and is left as RE2 reads it.)
 */
function asJavaScript(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      const next = source[i + 1];
      i++;
      if (next === 's') out += inClass ? JS_SPACE : `[${JS_SPACE}]`;
      else if (next === 'S' && !inClass) out += `[^${JS_SPACE}]`;
      else out += next === undefined ? '\\' : `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      continue;
    }
    out += c === '.' ? '[^\\n\\r\\x{2028}\\x{2029}]' : c;
  }
  return out;
}

const cache = new Map<string, SafePattern>();

/**
 * Compiles a peer-supplied pattern (ECMA-262 syntax, as JSON Schema's `pattern`) for the
 * linear-time engine; `test` finds a match anywhere in the value, as RegExp's `test` does.
 */
export function compileSafePattern(source: string): SafePattern {
  const cached = cache.get(source);
  if (cached !== undefined) {
    cache.delete(source);
    cache.set(source, cached);
    return cached;
  }
  let compiled: SafePattern;
  try {
    const RE2 = engine();
    const program = RE2.compile(RE2.translateRegExp(asJavaScript(source)));
    compiled = { ok: true, test: (value) => program.test(value) };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    compiled = { ok: false, reason: why.replace(/^error parsing regexp: /, '').slice(0, 160) };
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(source, compiled);
  return compiled;
}

/**
 * Whether `value` matches the peer-supplied `pattern` (anywhere, as JSON Schema's `pattern`), in
 * time linear in the value; undefined when the linear-time engine cannot run the pattern, which
 * is then not to be run at all.
 */
export function safePatternTest(pattern: string, value: string): boolean | undefined {
  const compiled = compileSafePattern(pattern);
  return compiled.ok ? compiled.test(value) : undefined;
}
