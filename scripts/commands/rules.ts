// Why: every finding cites a rule id; this looks one up (or an area, or all of them) with its
// severity and the keyword it rests on, the specification line in each revision, its text, where
// the code raises it and which fixture cases cite it.
import { InputError } from '../../files/input-error.ts';
import { RULES, ruleById } from '../../validators/rules/index.ts';
import type { RuleSpec } from '../../validators/rules/rule.ts';
import { SPEC_REVISIONS, specLinkFor } from '../../validators/rules/spec-links.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';
import { ruleSites } from '../rule-sites.ts';

/** How many citing cases the text lists before it counts the rest. */
const CASES_SHOWN = 5;

/** The rules `query` names: one id, every rule of an area (`lifecycle` or `lifecycle/`), or all. */
export function selectRules(query: string | undefined): RuleSpec[] {
  const all = [...RULES.values()];
  if (query === undefined) return all;
  const one = RULES.get(query);
  if (one) return [one];
  const area = query.endsWith('/') ? query : `${query}/`;
  return all.filter((r) => r.id.startsWith(area));
}

/** One rule in full: the registry entry, its link per revision, where it is raised and the cases citing it. */
export interface RuleDetail extends RuleSpec {
  readonly specs: Readonly<Record<string, string>>;
  readonly raised: readonly string[];
  readonly cases: readonly string[];
}

/** The raising sites of `id`, those in its area's own module (validators/envelope.ts for envelope/) first, each group in source order. */
function areaSitesFirst(id: string, raised: readonly string[]): string[] {
  const own = `validators/${id.split('/')[0]}.ts:`;
  return [...raised.filter((s) => s.startsWith(own)), ...raised.filter((s) => !s.startsWith(own))];
}

/** The detail of `rule`. */
export function ruleDetail(rule: RuleSpec): RuleDetail {
  const sites = ruleSites(new Set(RULES.keys()));
  const specs = Object.fromEntries(SPEC_REVISIONS.map((revision) => [revision, specLinkFor(rule, revision)]));
  return { ...rule, specs, raised: areaSitesFirst(rule.id, sites.raised[rule.id] ?? []), cases: sites.cases[rule.id] ?? [] };
}

function detailText(d: RuleDetail): string {
  const other = Object.entries(d.specs).filter(([, link]) => link !== d.spec);
  const spec = [`spec: ${d.spec}`, ...other.map(([revision, link]) => `  judged under ${revision}: ${link}`)];
  const raised = d.raised.length === 0 ? ['raised at: nowhere in this build'] : ['raised at:', ...d.raised.map((s) => `  ${s}`)];
  const shown = d.cases.slice(0, CASES_SHOWN).map((c) => `  ${c}`);
  const more = d.cases.length > CASES_SHOWN ? [`  … and ${d.cases.length - CASES_SHOWN} more`] : [];
  const cases = d.cases.length === 0 ? ['cited by no fixture case'] : [`cited by ${d.cases.length} fixture case${d.cases.length === 1 ? '' : 's'}:`, ...shown, ...more];
  return [`${d.id} (${d.severity}, ${d.keyword})`, d.text, ...spec, ...raised, ...cases].join('\n');
}

/** `rules [ID|AREA] [--json]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  const query = args.positionals[0];
  const rules = selectRules(query);
  if (rules.length === 0) {
    const areas = [...new Set([...RULES.keys()].map((id) => id.split('/')[0]))].join(', ');
    throw new InputError(ruleById('cli/usage').id, '', `there is no rule or rule area ${JSON.stringify(query)}; the areas are ${areas}`);
  }
  const single = query !== undefined && RULES.has(query);
  if (single) {
    const detail = ruleDetail(rules[0] as RuleSpec);
    return { exitCode: 0, output: args.flag('json') ? JSON.stringify(detail, null, 2) : detailText(detail) };
  }
  if (args.flag('json')) return { exitCode: 0, output: JSON.stringify(rules, null, 2) };
  return { exitCode: 0, output: rules.map((r) => `${r.id}\t${r.severity}\t${r.text}`).join('\n') + `\n${rules.length} rules` };
}
