// Why: a case's own structure (its setup, its step list, each step) is part of the case, as the
// course's reference judges it: one malformed step fails its case there and leaves every other
// case of the file to be judged. Only the header and the case list refuse a file.
import * as v from 'valibot';
import type { Step } from '../machines/session.ts';
import type { Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ControlStepSchema, WireStepSchema, type FixtureCase } from './fixture-schema.ts';
import { describeIssue, shown } from './schema-issue.ts';
import { ruleById } from '../validators/rules/index.ts';
import { profileFacts } from '../validators/profiles.ts';

const StepSchema = v.union([WireStepSchema, ControlStepSchema],
  'Invalid step: Expected a wire step {direction, message, transport_context?} or a control step {control_event}');

const SETUPS: ReadonlySet<unknown> = new Set(['ready', 'initialize_request_only', 'none']);

const INVALID = ruleById('fixture/step-invalid');

/** One entry of a case as played: a well-formed step, or the finding that fails the case there. */
export type CaseEntry =
  | { readonly label: string; readonly base: string; readonly step: Step }
  | { readonly label: string; readonly base: string; readonly problem: Finding };

/** A step of a case as written, checked: the step (a `transport_context` of null is none), or why it is no step. */
export function caseStepOf(value: unknown): { step: Step } | { problem: Finding } {
  if (!isJsonObject(value)) return { problem: finding(INVALID, '', `Invalid step: a step is a JSON object, found ${shown(value)}`) };
  const written = value['transport_context'] === null ? withoutContext(value) : value;
  const r = v.safeParse(StepSchema, written);
  if (r.success) return { step: r.output as Step };
  const { pointer, text } = describeIssue(StepSchema, r.issues);
  return { problem: finding(INVALID, pointer, `Invalid step: ${text}`) };
}

function withoutContext(step: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { transport_context: _none, ...rest } = step;
  return rest;
}

/**
 * Why the case as a whole cannot be played, if it cannot: an unknown setup, declared capabilities
 * that are no object where no handshake carries them (a stateless profile), a step list that is no
 * array, or (course profile) more steps than its reference plays. The pointer is relative to the
 * case. (Capabilities a handshake carries are judged there, as the peer's message.)
 */
export function caseProblem(kase: FixtureCase, profile: Profile): Finding | undefined {
  if (kase.setup !== undefined && !SETUPS.has(kase.setup)) {
    return finding(INVALID, '/setup', `Invalid case: setup must be "ready", "initialize_request_only" or "none", found ${shown(kase.setup)}`);
  }
  if (profile.stateless) {
    for (const side of ['client_capabilities', 'server_capabilities'] as const) {
      const declared = kase[side];
      if (declared !== undefined && !isJsonObject(declared)) return finding(INVALID, `/${side}`, `Invalid case: ${side} must be an object, found ${shown(declared)}`);
    }
  }
  if (!Array.isArray(kase.steps)) return finding(INVALID, '/steps', `Invalid case: steps must be an array, found ${shown(kase.steps)}`);
  const stepLimit = profileFacts(profile).caseStepLimit;
  if (stepLimit !== null && kase.steps.length > stepLimit) {
    return finding(ruleById('profile/too-many-steps'), '/steps', `Invalid case: ${kase.steps.length} steps, more than the ${stepLimit} the course profile plays in one case`);
  }
  return undefined;
}

/** The case's own steps, each checked as it is written, labelled and placed below `/cases/<index>`. */
export function caseEntries(kase: FixtureCase, index: number): CaseEntry[] {
  const steps = Array.isArray(kase.steps) ? (kase.steps as readonly unknown[]) : [];
  return steps.map((written, i) => {
    const label = `step ${i}`;
    const base = `/cases/${index}/steps/${i}`;
    const checked = caseStepOf(written);
    return 'step' in checked ? { label, base, step: checked.step } : { label, base, problem: checked.problem };
  });
}
