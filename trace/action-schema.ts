// Why: a deep run (fuzz, replay) is kept as its seed and the actions it took, as data, so that a
// saved trace can be played again against a target the user names. Every action is one of a fixed
// set with strict arguments: nothing in an action can name a command, a URL, an environment or a
// working directory. A call names a tool and carries its arguments, but replay calls it only when
// the target lists it and the replay's own --exercise policy allows it (under the default, only a
// tool the target annotates readOnlyHint: true), so a trace can never choose what a replay harms.
import * as v from 'valibot';

/** The list methods an action may page through or probe, each offered by a declared capability. */
export const LIST_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;

const ListArgs = v.strictObject({ method: v.picklist(LIST_METHODS) });

const ToolName = v.pipe(v.string(), v.minLength(1), v.maxLength(256));
const ToolArguments = v.record(v.string(), v.unknown());
/** A prompt's arguments or a template's values: a string map (prompts/get's `arguments`), bounded. */
const StringMap = v.pipe(v.record(v.pipe(v.string(), v.maxLength(256)), v.pipe(v.string(), v.maxLength(1024))), v.check((m) => Object.keys(m).length <= 64, 'at most 64 members'));
/** A listed prompt with its arguments (the executor gets it only when the target lists the prompt). */
const PromptArgs = v.strictObject({ name: ToolName, arguments: StringMap });
/** A listed resource template with its variables' values (read only when the target lists the template). */
const TemplateArgs = v.strictObject({ template: v.pipe(v.string(), v.minLength(1), v.maxLength(2048)), values: StringMap });

/** One action of a deep run: its kind and, for some kinds, their arguments. */
export const ActionSchema = v.variant('kind', [
  /** A ping, not awaited. */
  v.strictObject({ kind: v.literal('ping') }),
  /** The next page of a declared list (the first after the last), awaited. */
  v.strictObject({ kind: v.literal('list'), args: ListArgs }),
  /** A call of the server's `echo` tool carrying a fresh marker, not awaited. */
  v.strictObject({ kind: v.literal('echo') }),
  /** notifications/cancelled for the oldest or latest request still in flight. */
  v.strictObject({ kind: v.literal('cancel'), args: v.strictObject({ which: v.picklist(['oldest', 'latest']) }) }),
  /** Waits for every request in flight to be answered (or to time out). */
  v.strictObject({ kind: v.literal('settle') }),
  /** Two requests with one fresh id, sent at once. */
  v.strictObject({ kind: v.literal('duplicate-id') }),
  /** A ping carrying the id of a request already answered. */
  v.strictObject({ kind: v.literal('reuse-id') }),
  /** A request for a method no revision defines (must get -32601). */
  v.strictObject({ kind: v.literal('unknown-method') }),
  /** A list request with an invalid cursor (should get -32602). */
  v.strictObject({ kind: v.literal('invalid-params'), args: ListArgs }),
  /** resources/subscribe of the first listed resource, awaited. */
  v.strictObject({ kind: v.literal('subscribe') }),
  /** resources/unsubscribe of the resource subscribed to, awaited. */
  v.strictObject({ kind: v.literal('unsubscribe') }),
  /** A list request sent before notifications/initialized, awaited (it must not be served). */
  v.strictObject({ kind: v.literal('early'), args: ListArgs }),
  /** Streamable HTTP: resumes the last SSE stream from its last event id (GET with Last-Event-ID). */
  v.strictObject({ kind: v.literal('reconnect') }),
  // The stateless revision (2026-07-28): every request carries its own _meta; no handshake.
  /** server/discover, not awaited. */
  v.strictObject({ kind: v.literal('discover') }),
  /**
   * resources/read, not awaited (it may answer input_required): of the first listed resource, or
   * with `args` of a listed resource template expanded with the values given.
   */
  v.strictObject({ kind: v.literal('read'), args: v.optional(TemplateArgs) }),
  /**
   * prompts/get, not awaited (it may answer input_required): of the first listed prompt that needs
   * no argument, or with `args` of the listed prompt named, with the arguments given.
   */
  v.strictObject({ kind: v.literal('prompt'), args: v.optional(PromptArgs) }),
  /**
   * The retry of the oldest request not yet retried that answered input_required: with a new id and
   * the requestState echoed (`echoed`), altered (`altered`, a robustness probe), or the state of an
   * earlier retry sent again (`replayed`, a robustness probe). Not awaited.
   */
  v.strictObject({ kind: v.literal('retry'), args: v.strictObject({ state: v.picklist(['echoed', 'altered', 'replayed']) }) }),
  /** subscriptions/listen for what the server declared it may notify, awaited up to its acknowledgement (stdio); an open stream is dropped first. */
  v.strictObject({ kind: v.literal('listen') }),
  /** Drops the open listen stream (stdio: notifications/cancelled naming it); a later `listen` re-opens it. */
  v.strictObject({ kind: v.literal('drop-listen') }),
  /** A list request with a cursor the server gave earlier and the list has moved past, awaited. */
  v.strictObject({ kind: v.literal('stale-cursor'), args: ListArgs }),
  /** A list request with a cursor the server never gave (should get -32602), awaited. */
  v.strictObject({ kind: v.literal('forged-cursor'), args: ListArgs }),
  // The server's own surface (--exercise safe|all): tools learnt from tools/list.
  /** tools/call of a listed tool the policy allows, with arguments its inputSchema admits, not awaited. */
  v.strictObject({ kind: v.literal('call'), args: v.strictObject({ tool: ToolName, arguments: ToolArguments }) }),
  /** tools/call of a listed tool the policy allows, with arguments its inputSchema refuses (`how` says why), not awaited. */
  v.strictObject({ kind: v.literal('invalid-call'), args: v.strictObject({ tool: ToolName, arguments: ToolArguments, how: v.pipe(v.string(), v.maxLength(300)) }) }),
]);

/** One action of a deep run. */
export type Action = v.InferOutput<typeof ActionSchema>;

/** A deep run's seed and the actions it took. */
export const SequenceSchema = v.strictObject({
  seed: v.pipe(v.number(), v.integer()),
  actions: v.array(ActionSchema),
  /** fuzz: the number (from 1, in the seed's order) of the run the sequence was drawn as, before shrinking. */
  run: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** The era the sequence was played in: `modern` (2026-07-28, no handshake) or, when absent, legacy (initialize). */
  era: v.optional(v.picklist(['modern', 'legacy'])),
});

/** A deep run's seed and actions, as a trace holds them. */
export type Sequence = v.InferOutput<typeof SequenceSchema>;
