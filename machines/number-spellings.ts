// Why: how a number was written can matter where its value does not: an integer beyond ±(2^53-1)
// that a JavaScript peer cannot hold, a decimal beyond the largest double, an integral decimal
// where the course's reference wants an integer. The session asks these before it judges a message.
import type { JsonObject } from '../validators/context.ts';
import { courseDecimalFindings } from '../validators/course-decimals.ts';
import type { DecimalPlace } from '../validators/decimal-spelling.ts';
import { exactIntegersIn } from '../validators/exact-integer.ts';
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
