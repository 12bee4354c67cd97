/** How bad a finding is: a MUST violation is an error, a SHOULD violation a warning. */
export type Severity = 'error' | 'warning';

/** One problem found in a message or a sequence of messages: plain data, citing a rule. */
export interface Finding {
  /** Stable rule id, `area/kebab-slug`, registered in `validators/rules/`. */
  readonly rule: string;
  readonly severity: Severity;
  /** JSON Pointer (RFC 6901) into the step: `/message/params/uri`, `/transport_context/tenant`. */
  readonly pointer: string;
  /** One sentence for people; it always names what was wrong. */
  readonly message: string;
}

/** Whether any finding is an error (an error rejects the message; warnings do not). */
export function hasError(findings: readonly Finding[]): boolean {
  for (let i = 0; i < findings.length; i++) if ((findings[i] as Finding).severity === 'error') return true;
  return false;
}

/** Escapes one reference token for a JSON Pointer (RFC 6901). */
export function escapePointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  return token.includes('~') || token.includes('/') ? token.replace(/~/g, '~0').replace(/\//g, '~1') : token;
}

/** Appends reference tokens to a JSON Pointer. */
export function pointerJoin(base: string, ...tokens: ReadonlyArray<string | number>): string {
  let out = base;
  for (const t of tokens) out += '/' + escapePointerToken(t);
  return out;
}
