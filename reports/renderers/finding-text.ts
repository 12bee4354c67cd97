// Why: findings read the same wherever they come from (transcripts, fixture cases, live checks):
// where, how bad, in which method and which tool or resource, what, the rule, and once per rule
// the line of the specification it rests on.
import type { FindingTarget } from '../../validators/finding-target.ts';
import type { Severity } from '../../validators/finding.ts';
import type { RuleSpec } from '../../validators/rules/rule.ts';
import { specLinkFor } from '../../validators/rules/spec-links.ts';
import { groupByRule, placeSpan, SHOWN_PER_RULE } from '../../reports/finding-groups.ts';
import type { Style } from './style.ts';

/** A finding as text output shows it. */
export interface TextFinding {
  /** Where it was found: `line 6`, a case name, an event. */
  readonly place: string;
  readonly severity: Severity;
  readonly rule: string;
  /** JSON Pointer into the step or file. */
  readonly pointer: string;
  readonly message: string;
  /** The method the message carries or answers: `tools/list`, `tools/call result`. */
  readonly method?: string | undefined;
  readonly target?: FindingTarget | undefined;
}

/** `tools/call (tool "echo")`, or whichever part is known. */
export function methodAndTarget(method: string | undefined, target: FindingTarget | undefined): string {
  const named = target === undefined ? '' : `${target.kind} ${JSON.stringify(target.name)}`;
  if (method === undefined) return named;
  return named === '' ? method : `${method} (${named})`;
}

/** `1 error`, `2 warnings`. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/**
 * Formats findings as text, one line each:
 * `line 6: error: tools/list /message/id: <message> [correlation/duplicate-outstanding-id]`,
 * followed the first time a rule appears by an indented line with its specification link.
 */
export class FindingText {
  readonly #style: Style;
  readonly #rules: ReadonlyMap<string, RuleSpec>;
  readonly #linked = new Set<string>();
  /** The specification revision judged, whose pages the links name (undefined: the links as written). */
  revision: string | undefined;

  constructor(style: Style, rules: ReadonlyMap<string, RuleSpec>, revision?: string) {
    this.#style = style;
    this.#rules = rules;
    this.revision = revision;
  }

  /** The severity word, coloured. */
  severity(severity: Severity): string {
    return severity === 'error' ? this.#style.error('error') : this.#style.warning('warning');
  }

  /** The finding's line(s), without a trailing newline. */
  format(f: TextFinding): string {
    const where = [methodAndTarget(f.method, f.target), f.pointer].filter((s) => s !== '').join(' ');
    const head = `${f.place}: ${this.severity(f.severity)}: ${where === '' ? '' : `${this.#style.bold(where)}: `}`;
    const line = `${head}${f.message} ${this.#style.dim(`[${f.rule}]`)}`;
    const link = this.#linked.has(f.rule) ? undefined : this.link(f.rule);
    return link === undefined ? line : `${line}\n${link}`;
  }

  /**
   * Findings grouped by rule, errors first: the first few of each rule in full (its spec link
   * under the first), then one line counting the rest and spanning their places (`events 9-57`).
   * A cascade (findings of the rule that follow from one earlier `cause`) is folded as validate
   * folds a transcript's: its first finding with the cause under it, then one line counting the
   * rest. `at` numbers each finding's place (null: the run as a whole); `word` names what it numbers.
   */
  grouped(findings: readonly (TextFinding & { readonly at: number | null; readonly cause?: string | undefined })[], word: string, shown = SHOWN_PER_RULE): string[] {
    const lines: string[] = [];
    const named = new Map<string, number | null>();
    for (const group of groupByRule(findings)) {
      const kind = group.severity === 'error' ? 'error' : 'warning';
      const more = (rest: readonly { at: number | null }[], why: string) =>
        `${placeSpan(word, rest.map((f) => f.at))}: ${this.severity(group.severity)}: ${rest.length} more ${group.rule} ${kind}${rest.length === 1 ? '' : 's'}${why}`;
      const byCause = new Map<string | undefined, (typeof group.items)[number][]>();
      for (const f of group.items) {
        const list = byCause.get(f.cause);
        if (list === undefined) byCause.set(f.cause, [f]);
        else list.push(f);
      }
      for (const [cause, items] of byCause) {
        if (cause === undefined) {
          for (const f of items.slice(0, shown)) lines.push(this.format(f));
          const rest = items.slice(shown);
          if (rest.length > 0) lines.push(more(rest, ` (${group.items.length} in all)`));
          continue;
        }
        const [head, ...rest] = items as [(typeof items)[number], ...(typeof items)[number][]];
        const first = named.get(cause);
        if (first === undefined) named.set(cause, head.at);
        lines.push(this.format(head), this.note(first === undefined ? `cause: ${cause}` : `cause: the same as ${first === null ? 'the run' : `${word} ${first}`}`));
        if (rest.length > 0) lines.push(more(rest, `, the same cause as ${head.at === null ? 'the run' : `${word} ${head.at}`}`));
      }
    }
    return lines;
  }

  /** An indented note under a finding (a cause, a hint). */
  note(text: string): string {
    return `  ${this.#style.dim(text)}`;
  }

  /** The rule's specification link, as an indented line; later findings of the rule omit it. */
  link(rule: string): string | undefined {
    this.#linked.add(rule);
    const spec = this.#rules.get(rule);
    return spec === undefined ? undefined : this.note(`spec: ${specLinkFor(spec, this.revision)}`);
  }
}
