import { isPolicyChild, isPolicyDescendant, type RevisionPolicy } from '../validators/authorization.ts';
import type { MachineRunner } from './runner.ts';
import type { SubscriptionEvent, SubscriptionHolder, subscriptionMachine } from './subscription.ts';

/** One running subscription machine. */
export type SubscriptionActor = MachineRunner<typeof subscriptionMachine>;

/** Who a message speaks for (from its transport context). */
export interface Principal {
  readonly subject?: unknown;
  readonly tenant?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The holder a transport context names. */
export function holderOf(who: Principal): SubscriptionHolder {
  return { subject: text(who.subject), tenant: text(who.tenant) };
}

/** What starts a subscription machine. */
type Start = (input: { uri: string; subject: string; tenant: string }) => SubscriptionActor;

/**
 * The subscription machines of a session, started on first use: one per (principal, tenant, URI),
 * or, in the course profile (`strict`), one per URI whoever holds it. A machine is kept only once
 * an event moved it out of `idle`: a rejected update or unsubscribe for a URI nobody subscribed to
 * is judged by a machine started for it and then dropped, so that such messages change no state
 * and a stream of them for ever new URIs holds no memory. An update goes to the first
 * active subscription (in the order they became active) whose explicit policy graph covers the
 * URI: of the same principal and tenant, as a descendant, in the specification profiles; of
 * anyone, the URI itself or a direct child, in the course profile (whose machine then checks the
 * principal). Without one, the URI's own machine refuses it.
 */
export class Subscriptions {
  /** In the order the subscriptions last became active (a key is moved to the end when it does). */
  readonly #actors = new Map<string, SubscriptionActor>();
  readonly #start: Start;
  readonly #strict: boolean;

  constructor(start: Start, strict = false) {
    this.#start = start;
    this.#strict = strict;
  }

  #key(uri: string, who: SubscriptionHolder): string {
    // Lengths keep the key unambiguous whatever the three strings contain.
    return this.#strict ? uri : `${who.subject.length}:${who.tenant.length}:${who.subject}${who.tenant}${uri}`;
  }

  /** What the machine of `uri` for this principal (course profile: for anyone) would make of `event`, changing nothing. */
  judge(uri: string, who: Principal, event: SubscriptionEvent): ReturnType<SubscriptionActor['judge']> {
    const holder = holderOf(who);
    const kept = this.#actors.get(this.#key(uri, holder));
    if (kept !== undefined) return kept.judge(event);
    const fresh = this.#start({ uri, subject: holder.subject, tenant: holder.tenant });
    try {
      return fresh.judge(event);
    } finally {
      fresh.stop();
    }
  }

  /** Sends `event` to the machine of `uri` for `who`; a subscription that becomes active moves to the end of the order. */
  send(uri: string, who: Principal, event: SubscriptionEvent): void {
    const holder = holderOf(who);
    const key = this.#key(uri, holder);
    const kept = this.#actors.get(key);
    const actor = kept ?? this.#start({ uri, subject: holder.subject, tenant: holder.tenant });
    const before = actor.getSnapshot().value;
    actor.send(event);
    const after = actor.getSnapshot().value;
    if (kept === undefined && after === 'idle') {
      actor.stop();
      return;
    }
    if (kept === undefined || (before !== 'active' && after === 'active')) {
      this.#actors.delete(key);
      this.#actors.set(key, actor);
    }
  }

  /** Delivers notifications/resources/updated to the subscription that covers it. */
  deliverUpdate(uri: string, who: Principal, rev: RevisionPolicy | undefined): void {
    const holder = holderOf(who);
    const event: SubscriptionEvent = { type: 'update', uri, who: holder, strict: this.#strict };
    for (const actor of this.#actors.values()) {
      const snap = actor.getSnapshot();
      const c = snap.context;
      if (snap.value !== 'active' && snap.value !== 'unsubscribing') continue;
      const covers = this.#strict
        ? c.uri === uri || isPolicyChild(rev, c.uri, uri)
        : c.subject === holder.subject && c.tenant === holder.tenant && isPolicyDescendant(rev, c.uri, uri);
      if (covers) {
        actor.send(event);
        return;
      }
    }
    this.send(uri, who, event);
  }

  /** An authorization revision switch: every active subscription is revoked (course profile: pending subscribes and unsubscribes stay pending). */
  revokeAll(): void {
    for (const actor of this.#actors.values()) actor.send({ type: 'revoke', strict: this.#strict });
  }

  /** Every subscription and its state. */
  view(): { uri: string; subject: string; tenant: string; state: string }[] {
    return [...this.#actors.values()].map((a) => {
      const s = a.getSnapshot();
      return { uri: s.context.uri, subject: s.context.subject, tenant: s.context.tenant, state: String(s.value) };
    });
  }

  stop(): void {
    for (const a of this.#actors.values()) a.stop();
  }
}
