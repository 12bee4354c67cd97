// Why: `check --exercise` drives what a server is for (its resources, templates, prompts and tools)
// but never harms the user's system: which tools may be called is the one policy of
// exercise/tool-policy.ts (fuzz reads it too), and every tool left out is named with the reason and
// how to include it. What the exercise sent and skipped is data, for the summary, report and trace.
import type { JsonObject } from '../validators/context.ts';

export { EXERCISE_MODES, toolRefusal, type ExerciseMode } from '../exercise/tool-policy.ts';
import type { ExerciseMode } from '../exercise/tool-policy.ts';

/** The seed of generated values when none is given, so that runs are reproducible. */
export const DEFAULT_EXERCISE_SEED = 1;

/** How many listed resources are read, templates expanded and prompts got, each (the first ones listed). */
export const EXERCISE_LIMIT = 20;

/** One request the exercise sent: its method, what it names, the generated arguments. */
export interface ExercisedItem {
  readonly method: 'resources/read' | 'prompts/get' | 'tools/call';
  readonly target: string;
  /** The generated arguments (tools, prompts) or template values (a template's read). */
  readonly args?: JsonObject;
  /** The URI template a read expanded. */
  readonly template?: string;
  /** How it was answered: result, error, timeout (the checker's own stop), or not at all. */
  readonly answer: string;
}

/** Something the exercise did not send, and why. */
export interface ExerciseSkip {
  readonly method: 'resources/read' | 'prompts/get' | 'tools/call';
  readonly target: string;
  readonly reason: string;
  /** How to include it, when a wider mode would. */
  readonly include?: string;
}

/** What a run exercised and left out, as the trace's options and the JSON report record it. */
export interface ExerciseReport {
  readonly mode: ExerciseMode;
  readonly seed: number;
  readonly exercised: ExercisedItem[];
  readonly skipped: ExerciseSkip[];
}

/** The variables of an RFC 6570 URI template, in order, each once. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const [, expression] of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of (expression ?? '').replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '');
      if (name !== '' && !names.includes(name)) names.push(name);
    }
  }
  return names;
}

/** Percent-encodes what RFC 6570 leaves unreserved (`allowReserved`: also the reserved set, as `+` and `#` do). */
function encode(value: string, allowReserved: boolean): string {
  const keep = allowReserved ? /[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]/ : /[A-Za-z0-9\-._~]/;
  return [...value].map((c) => (keep.test(c) ? c : encodeURIComponent(c))).join('');
}

/** Expands an RFC 6570 URI template with string values (levels 1 to 3; a missing value is left out). */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]*)\}/g, (_all, expression: string) => {
    const op = /^[+#./;?&]/.test(expression) ? expression[0] as string : '';
    const specs = expression.slice(op.length).split(',').map((s) => s.replace(/(\*|:\d+)$/, ''));
    const defined = specs.filter((name) => values[name] !== undefined).map((name) => [name, encode(values[name] as string, op === '+' || op === '#')] as const);
    if (defined.length === 0) return '';
    switch (op) {
      case '+': return defined.map(([, v]) => v).join(',');
      case '#': return `#${defined.map(([, v]) => v).join(',')}`;
      case '.': return defined.map(([, v]) => `.${v}`).join('');
      case '/': return defined.map(([, v]) => `/${v}`).join('');
      case ';': return defined.map(([n, v]) => (v === '' ? `;${n}` : `;${n}=${v}`)).join('');
      case '?': return `?${defined.map(([n, v]) => `${n}=${v}`).join('&')}`;
      case '&': return defined.map(([n, v]) => `&${n}=${v}`).join('');
      default: return defined.map(([, v]) => v).join(',');
    }
  });
}

/** The lines of the text summary that say what the exercise did and what it left out (none for `none`, or when there was nothing to exercise). */
export function exerciseSummary(report: ExerciseReport): string[] {
  if (report.mode === 'none' || (report.exercised.length === 0 && report.skipped.length === 0)) return [];
  const count = (method: ExercisedItem['method'], templated?: boolean): number =>
    report.exercised.filter((e) => e.method === method && (templated === undefined || (e.template !== undefined) === templated)).length;
  const lines = [`exercise ${report.mode} (seed ${report.seed}): ${count('resources/read', false)} resource(s) read, ${count('resources/read', true)} template(s) expanded and read, ${count('prompts/get')} prompt(s) got, ${count('tools/call')} tool(s) called`];
  for (const s of report.skipped) {
    const what = s.method === 'tools/call' ? 'tool ' : s.method === 'prompts/get' ? 'prompt ' : 'resource ';
    const named = /^\d+ more /.test(s.target) ? s.target : `${what}${JSON.stringify(s.target)}`;
    lines.push(`  not exercised: ${named}: ${s.reason}${s.include === undefined ? '' : ` (include it with ${s.include})`}`);
  }
  return lines;
}
