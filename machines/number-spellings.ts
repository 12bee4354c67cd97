// Why: how a number was written can matter where its value does not: an integer beyond ±(2^53-1)
// that a JavaScript peer cannot hold, a decimal beyond the largest double, an integral decimal
// where the course's reference wants an integer. The session asks these before it judges a message.
import type { JsonObject } from '../validators/context.ts';
import { courseDecimalFindings } from '../validators/course-decimals.ts';
import { decimalSpellingsIn, type DecimalPlace } from '../validators/decimal-spelling.ts';
import { exactIntegersIn, holdsExactIntegers } from '../validators/exact-integer.ts';
import type { ProfileFacts } from '../validators/profiles.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { ruleById } from '../validators/rules/index.ts';
import { finding } from '../validators/rules/report.ts';

/**
 * Numbers a fixture wrote as decimals: the course profile refuses an integral one where its
 * reference wants an integer (and judges one beyond the largest double as the infinity it
 * reads); the specification profiles refuse a decimal beyond the largest double (I-JSON 2.2).
 * `courseTool` is the course case's declared tool (course profile only).
 */
export function decimalFindings(message: JsonObject, spelled: readonly DecimalPlace[], course: boolean, courseTool: JsonObject | undefined): Finding[] {
  if (course) return courseDecimalFindings(message, spelled, courseTool);
  return spelled.filter((p) => p.spelling === 'overflow').map((p) => finding(ruleById('json/non-finite-number'), pointerJoin('/message', ...p.path),
    'a number beyond the largest double: no JSON peer can hold it (I-JSON section 2.2)'));
}

/** A warning per integer beyond ±(2^53-1) in the message: a JavaScript peer cannot hold it. */
export function unsafeIntegerFindings(message: unknown): Finding[] {
  return exactIntegersIn(message).map((place) => finding(ruleById('json/unsafe-integer'), pointerJoin('/message', ...place.path),
    `integer ${place.value} is beyond ±(2^53-1): a JavaScript peer reads it as ${Number(place.value)}; it is judged with its exact value`));
}

/**
 * What how the numbers of `message` are written breaks, pushed to `sink`: a warning per unsafe
 * integer (where the profile warns of them), then the decimals the profile refuses. Returns
 * whether a decimal was refused (the message is then judged no further).
 */
export function judgeNumberSpellings(message: unknown, facts: Pick<ProfileFacts, 'warnsUnsafeIntegers' | 'referenceDecimals'>, courseTool: JsonObject | undefined,
  sink: Finding[]): boolean {
  if (facts.warnsUnsafeIntegers && holdsExactIntegers(message)) for (const f of unsafeIntegerFindings(message)) sink.push(f);
  const spelled = decimalSpellingsIn(message);
  if (spelled.length === 0) return false;
  const refused = decimalFindings(message as JsonObject, spelled, facts.referenceDecimals, courseTool);
  for (const f of refused) sink.push(f);
  return refused.length > 0;
}
