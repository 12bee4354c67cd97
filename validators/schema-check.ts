import * as v from 'valibot';
import { pointerJoin, type Finding } from './finding.ts';
import { finding } from './rules/report.ts';
import { schemaPredicate } from './schema-predicate.ts';
import type { RuleSpec } from './rules/rule.ts';
import { NO_FINDINGS } from './shape.ts';

/** JSON Pointer of a valibot issue, relative to `at`. */
export function issuePointer(at: string, issue: v.BaseIssue<unknown>): string {
  const path = issue.path;
  if (!path) return at;
  return pointerJoin(at, ...path.map((p) => String(p.key as string | number)));
}

/**
 * Runs a valibot schema and turns each issue into a finding citing `rule`, with a JSON Pointer
 * below `at`. `what` names the thing checked, for messages of the form `Invalid <what>: ...`.
 */
export function checkSchema(
  schema: v.GenericSchema,
  input: unknown,
  rule: RuleSpec,
  at: string,
  what: string,
): readonly Finding[] {
  // Accepted values (the common case) are judged by the compiled predicate; valibot explains the rest.
  if (schemaPredicate(schema)(input)) return NO_FINDINGS;
  const r = v.safeParse(schema, input);
  if (r.success) return NO_FINDINGS;
  return r.issues.map((i) => finding(rule, issuePointer(at, i), `Invalid ${what}: ${i.message}`));
}
