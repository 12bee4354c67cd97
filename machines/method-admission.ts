// Why: before any chart sees a request or notification, the session asks the revision's method
// table whether the method exists in this profile, whether its sender may send it, and (2026-07-28)
// whether it belongs to an extension the client advertised. These are checks of one message
// against the table plus one remembered fact (an extension was advertised), kept apart from the
// composition so the session reads as the order its machines are asked in.
import type { Direction, Profile, ValidationContext } from '../validators/context.ts';
import { classifyMessage, type Classified, type Envelope } from '../validators/envelope.ts';
import type { Finding } from '../validators/finding.ts';
import { isNotificationMethod, isRequestMethod, mayBeSentIn, methodTable, type MethodSpec } from '../validators/methods.ts';
import { advertisesExtensions } from '../validators/modern-meta.ts';
import { profileFacts } from '../validators/profiles.ts';
import { ruleById } from '../validators/rules/index.ts';
import { finding } from '../validators/rules/report.ts';
import { NO_FINDINGS } from '../validators/shape.ts';
import type { PendingRequest } from './correlation.ts';
import type { JsonObject } from '../validators/context.ts';

/** What the method table says of a request or notification: its spec, a refusal, or an advertised extension's method. */
export type Admission =
  | { readonly kind: 'admitted'; readonly spec: MethodSpec }
  | { readonly kind: 'refused'; readonly finding: Finding }
  | { readonly kind: 'extension' };

type Call = Extract<Envelope, { kind: 'request' | 'notification' }>;

/** The method table of a session's profile, and the checks a message meets against it. */
export class MethodAdmission {
  readonly #profile: Profile;
  readonly #methods: ReadonlyMap<string, MethodSpec>;
  readonly #isNotification: (method: string) => boolean;
  readonly #isRequest: (method: string) => boolean;
  readonly #refusesUntaught: boolean;
  readonly #tightened: boolean;
  /** A client request advertised an extension (2026-07-28): methods that extension adds are not unknown. */
  #clientExtensions = false;

  constructor(profile: Profile) {
    const methods = methodTable(profile);
    const facts = profileFacts(profile);
    this.#profile = profile;
    this.#methods = methods;
    this.#isNotification = (m) => isNotificationMethod(m, methods);
    this.#isRequest = (m) => isRequestMethod(m, methods);
    this.#refusesUntaught = facts.refusesUntaughtMethods;
    this.#tightened = facts.tightenedReading;
  }

  /** The method's entry in the table, if the revision defines it. */
  spec(method: string): MethodSpec | undefined {
    return this.#methods.get(method);
  }

  /** The message's JSON-RPC envelope, read with this table's notion of requests and notifications. */
  classify(message: unknown): Classified {
    return classifyMessage(message, '/message', this.#isNotification, this.#isRequest, this.#tightened);
  }

  /** Whether `call`, sent in `direction`, may be judged further, and by which method entry. */
  admit(direction: Direction, call: Call): Admission {
    const profile = this.#profile;
    if (call.kind === 'request' && direction === 'server_to_client' && profile.stateless) {
      return refused(finding(ruleById('direction/server-request-stateless'), '/message/method',
        `the server sent a ${call.method} request, but a ${profile.protocolVersion} server initiates no requests (it asks for input with an input_required result)`));
    }
    const spec = this.#methods.get(call.method);
    if (profile.stateless && direction === 'client_to_server' && advertisesExtensions(call.params)) this.#clientExtensions = true;
    // A method of an extension the client advertised (versioning, Extension Negotiation): its
    // requests, and the server's notifications once the client advertised one, are the extension's.
    if (spec === undefined && profile.stateless && (direction === 'client_to_server' ? advertisesExtensions(call.params) : this.#clientExtensions)) {
      return { kind: 'extension' };
    }
    if (spec === undefined) {
      return refused(finding(ruleById('envelope/unknown-method'), '/message/method', `unknown method ${call.method} for MCP ${profile.protocolVersion}`));
    }
    if (this.#refusesUntaught && !spec.course) {
      return refused(finding(ruleById('profile/unsupported-method'), '/message/method',
        `${call.method} is not supported by the course profile; rejected before creating pending state`));
    }
    if (!mayBeSentIn(spec, direction)) {
      return refused(finding(ruleById('direction/wrong-direction'), '/message/method',
        `wrong direction: ${call.method} is sent by the ${spec.sender}, not ${direction}`));
    }
    return { kind: 'admitted', spec };
  }

  /** Whether the profile defines `method` as a request (an unknown one is the peer's to answer -32601). */
  knownRequest(method: string): boolean {
    return this.#methods.get(method)?.kind === 'request';
  }

  /**
   * The result of a request that is not pending, against its method's result shape alone: the
   * request changed no state, so nothing that depends on state is judged, and a method this
   * profile does not handle (unknown, or refused by the course profile) has nothing to judge by.
   */
  untrackedResult(entry: PendingRequest, result: JsonObject, ctx: ValidationContext): readonly Finding[] {
    const spec = this.#methods.get(entry.method);
    if (spec === undefined || spec.kind !== 'request' || (this.#refusesUntaught && !spec.course)) return NO_FINDINGS;
    return spec.validators.result?.(result, '/message/result', entry.params, ctx) ?? NO_FINDINGS;
  }
}

function refused(found: Finding): Admission {
  return { kind: 'refused', finding: found };
}
