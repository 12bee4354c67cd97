// Why: every finding cites a rule id; this looks one up (or an area, or all of them) with its
// severity, the specification line it rests on and its text.
import { InputError } from '../../runner/errors.ts';
import { cliRules } from '../../validators/rules/cli.ts';
import { RULES } from '../../validators/rules/index.ts';
import type { RuleSpec } from '../../validators/rules/rule.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';

/** The rules `query` names: one id, every rule of an area (`lifecycle` or `lifecycle/`), or all. */
export function selectRules(query: string | undefined): RuleSpec[] {
  const all = [...RULES.values()];
  if (query === undefined) return all;
  const one = RULES.get(query);
  if (one) return [one];
  const area = query.endsWith('/') ? query : `${query}/`;
  return all.filter((r) => r.id.startsWith(area));
}

/** `rules [ID|AREA] [--json]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  const query = args.positionals[0];
  const rules = selectRules(query);
  if (rules.length === 0) {
    const areas = [...new Set([...RULES.keys()].map((id) => id.split('/')[0]))].join(', ');
    throw new InputError(cliRules['usage'].id, '', `there is no rule or rule area ${JSON.stringify(query)}; the areas are ${areas}`);
  }
  const single = query !== undefined && RULES.has(query);
  if (args.flag('json')) return { exitCode: 0, output: JSON.stringify(single ? rules[0] : rules, null, 2) };
  if (single) {
    const r = rules[0] as RuleSpec;
    return { exitCode: 0, output: `${r.id} (${r.severity}, ${r.keyword})\n${r.text}\nspec: ${r.spec}` };
  }
  return { exitCode: 0, output: rules.map((r) => `${r.id}\t${r.severity}\t${r.text}`).join('\n') + `\n${rules.length} rules` };
}
