import { isPolicyDescendant, type RevisionPolicy } from '../validators/authorization.ts';
import type { MachineRunner } from './runner.ts';
import type { subscriptionMachine } from './subscription.ts';

/** One running subscription machine. */
export type SubscriptionActor = MachineRunner<typeof subscriptionMachine>;

/** Who a message speaks for (from its transport context). */
export interface Principal {
  readonly subject?: unknown;
  readonly tenant?: unknown;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The subscription machines of a session, one per (principal, tenant, URI), started on first
 * use; an update goes to an active subscription of the same principal and tenant whose explicit
 * policy graph covers the URI, else to the URI's own machine, which refuses it.
 */
export class Subscriptions {
  readonly #actors = new Map<string, SubscriptionActor>();
  readonly #start: (input: { uri: string; subject: string; tenant: string }) => SubscriptionActor;

  constructor(start: (input: { uri: string; subject: string; tenant: string }) => SubscriptionActor) {
    this.#start = start;
  }

  /** The machine of `uri` for this principal, started on first use. */
  get(uri: string, who: Principal): SubscriptionActor {
    const subject = text(who.subject);
    const tenant = text(who.tenant);
    // Lengths keep the key unambiguous whatever the three strings contain.
    const key = `${subject.length}:${tenant.length}:${subject}${tenant}${uri}`;
    let actor = this.#actors.get(key);
    if (!actor) {
      actor = this.#start({ uri, subject, tenant });
      this.#actors.set(key, actor);
    }
    return actor;
  }

  /** Delivers notifications/resources/updated to the subscription that covers it. */
  deliverUpdate(uri: string, who: Principal, rev: RevisionPolicy | undefined): void {
    const subject = text(who.subject);
    const tenant = text(who.tenant);
    for (const actor of this.#actors.values()) {
      const snap = actor.getSnapshot();
      const c = snap.context;
      if (c.subject === subject && c.tenant === tenant && (snap.value === 'active' || snap.value === 'unsubscribing')
        && isPolicyDescendant(rev, c.uri, uri)) {
        actor.send({ type: 'update', uri });
        return;
      }
    }
    this.get(uri, who).send({ type: 'update', uri });
  }

  /** An authorization revision switch: every subscription is revoked. */
  revokeAll(): void {
    for (const actor of this.#actors.values()) actor.send({ type: 'revoke' });
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
