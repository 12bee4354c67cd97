// Why: a step is what every way in feeds the session (a fixture's case, a transcript line, a trace's
// message event): one schema says what a step is, and its type is inferred from it, so the reader
// that checks a step and the session that judges it cannot drift apart.
import * as v from 'valibot';
import type { TransportContext } from './authorization.ts';

/** Out-of-wire transport context of a step (merged over the fixture's defaults). */
export const TransportContextSchema = v.strictObject({
  transport: v.optional(v.string()),
  token_active: v.optional(v.boolean()),
  token_audience: v.optional(v.string()),
  resource: v.optional(v.string()),
  subject: v.optional(v.string()),
  tenant: v.optional(v.string()),
  scopes: v.optional(v.array(v.string())),
  authorization_revision: v.optional(v.string()),
});

/** A wire step: the sender and one JSON-RPC message (judged by the session, not here). */
export const WireStepSchema = v.strictObject({
  direction: v.picklist(['client_to_server', 'server_to_client']),
  message: v.unknown(),
  transport_context: v.optional(TransportContextSchema),
});

/** A control-plane step: something that happens beside the wire. */
export const ControlStepSchema = v.strictObject({
  control_event: v.strictObject({
    type: v.literal('activate_authorization_revision'),
    revision: v.string(),
  }),
});

/** Anything a session can be fed. */
export const StepSchema = v.union([WireStepSchema, ControlStepSchema], 'Invalid step: Expected a wire step {direction, message, transport_context?} or a control step {control_event}');

/**
 * A wire step: one JSON-RPC message and the side that sent it, with its out-of-wire context. The
 * context is the session's TransportContext, whose members it reads one by one whatever their type
 * (the authorization checks judge them), so that generated models may feed what no reader would pass.
 */
export type WireStep = Readonly<Omit<v.InferOutput<typeof WireStepSchema>, 'transport_context'>> & { readonly transport_context?: TransportContext | undefined };
/** A control-plane step. */
export type ControlStep = Readonly<v.InferOutput<typeof ControlStepSchema>>;
/** Anything a session can be fed. */
export type Step = WireStep | ControlStep;
