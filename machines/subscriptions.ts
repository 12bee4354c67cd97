import { createHash } from 'node:crypto';
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

/** Subscriptions kept at most; past it (or SUBSCRIPTION_CHARS), the oldest are forgotten. */
export const SUBSCRIPTION_LIMIT = 10_000;

/** Characters the kept subscriptions' URIs (and holders) may take in all. */
export const SUBSCRIPTION_CHARS = 8 * 1024 * 1024;

/** URIs longer than this are keyed by their length and SHA-256, so that a key does not copy them. */
const LONG_URI = 1024;

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
 *
 * At most SUBSCRIPTION_LIMIT machines and SUBSCRIPTION_CHARS characters of URIs are kept; past
 * that the oldest are forgotten, and from then on a message about a subscription no machine is
 * kept for (an update, an unsubscribe, an answer) is not judged: forgetting never invents a finding.
 */
export class Subscriptions {
  /** In the order the subscriptions last became active (a key is moved to the end when it does). */
  readonly #actors = new Map<string, SubscriptionActor>();
  readonly #start: Start;
  readonly #strict: boolean;
  /** Characters the kept machines' URIs and holders take. */
  #chars = 0;
  /** Subscriptions forgotten to stay within the bounds. */
  #forgotten = 0;

  constructor(start: Start, strict = false) {
    this.#start = start;
    this.#strict = strict;
  }

  /** Subscriptions forgotten so far to stay within SUBSCRIPTION_LIMIT and SUBSCRIPTION_CHARS. */
  get forgotten(): number {
    return this.#forgotten;
  }

  #key(uri: string, who: SubscriptionHolder): string {
    const shown = uri.length > LONG_URI ? `${uri.length}#${createHash('sha256').update(uri).digest('hex')}` : uri;
    // Lengths keep the key unambiguous whatever the three strings contain.
    return this.#strict ? shown : `${who.subject.length}:${who.tenant.length}:${who.subject}${who.tenant}${shown}`;
  }

  /** What one kept machine weighs: its key and its URI (neither changes while it is kept). */
  static #charsOf(key: string, actor: SubscriptionActor): number {
    return key.length + actor.getSnapshot().context.uri.length + 64;
  }

  /** Whether `event` about a subscription no machine is kept for goes unjudged (one may have been forgotten). */
  #unknowable(event: SubscriptionEvent): boolean {
    return this.#forgotten > 0 && event.type !== 'subscribe.sent';
  }

  /** Keeps `actor` under `key` as the newest, forgetting the oldest beyond the bounds. */
  #keep(key: string, actor: SubscriptionActor): void {
    const known = this.#actors.get(key);
    if (known !== undefined) {
      this.#actors.delete(key);
      this.#chars -= Subscriptions.#charsOf(key, known);
    }
    this.#actors.set(key, actor);
    this.#chars += Subscriptions.#charsOf(key, actor);
    for (const [oldKey, old] of this.#actors) {
      if ((this.#actors.size <= SUBSCRIPTION_LIMIT && this.#chars <= SUBSCRIPTION_CHARS) || this.#actors.size === 1) break;
      this.#actors.delete(oldKey);
      this.#chars -= Subscriptions.#charsOf(oldKey, old);
      this.#forgotten += 1;
      old.stop();
    }
  }

  /** What the machine of `uri` for this principal (course profile: for anyone) would make of `event`, changing nothing. */
  judge(uri: string, who: Principal, event: SubscriptionEvent): ReturnType<SubscriptionActor['judge']> {
    const holder = holderOf(who);
    const kept = this.#actors.get(this.#key(uri, holder));
    if (kept !== undefined) return kept.judge(event);
    if (this.#unknowable(event)) return { emitted: [], unchanged: true };
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
    if (kept === undefined && this.#unknowable(event)) return;
    const actor = kept ?? this.#start({ uri, subject: holder.subject, tenant: holder.tenant });
    const before = actor.getSnapshot().value;
    actor.send(event);
    const after = actor.getSnapshot().value;
    if (kept === undefined && after === 'idle') {
      actor.stop();
      return;
    }
    if (kept === undefined || (before !== 'active' && after === 'active')) this.#keep(key, actor);
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
    // No kept subscription covers it: refused, unless the one that did may have been forgotten.
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
