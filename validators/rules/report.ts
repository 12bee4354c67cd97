import type { Finding } from '../finding.ts';
import type { RuleSpec } from './rule.ts';

/** Builds a finding that cites `rule`; the message defaults to the rule's own text. */
export function finding(rule: RuleSpec, pointer: string, message?: string): Finding {
  return { rule: rule.id, severity: rule.severity, pointer, message: message ?? rule.text };
}
