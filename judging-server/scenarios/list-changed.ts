// Why: the list changes are sent once the client has called wait_for_scenarios and been answered,
// when it has listed and called what it meant to: the change then tests what it does next, not
// what it had in flight (the session does not blame a request that may have been sent before the
// client read the change: an old cursor, a tool of a page not listed again).
import type { JsonObject } from '../../validators/context.ts';
import { idKey, type IdKey, type RequestId } from '../../validators/envelope.ts';
import { LIST_FLAGS, SUBSCRIPTION_ID_KEY } from '../modern-serving.ts';
import type { ScenarioContext, ScenarioEntry } from './context.ts';

export const listChanged: ScenarioEntry = {
  by: 'server',
  text: 'notifications/tools/list_changed, resources/list_changed and prompts/list_changed, once wait_for_scenarios is answered (2026-07-28: on the client\'s listen streams, each then dropped over HTTP)',
};

/** A subscriptions/listen stream the client holds open. */
export interface Listen {
  readonly id: RequestId;
  readonly filter: JsonObject;
}

/** The list changes of one session, and the listen stream dropped after them. */
export class ListChanges {
  /** The listen stream dropped after the list changes, and whether the client opened one again since. */
  #dropped: { reopened: boolean } | undefined;

  /** A listen stream was opened: after a drop, that is the client opening it again. */
  listened(ctx: ScenarioContext): void {
    if (this.#dropped !== undefined && !this.#dropped.reopened) {
      this.#dropped.reopened = true;
      ctx.outcome('list-changed', 'sent on the listen stream, which was then dropped; the client opened it again');
    }
  }

  /**
   * Sends the list changes (legacy: as notifications; 2026-07-28: on the listen streams). `drop`
   * ends a listen stream without its answer where the transport has a stream per request.
   */
  send(ctx: ScenarioContext, listens: Map<IdKey, Listen>, drop: ((id: RequestId) => boolean) | undefined): void {
    if (!ctx.chosen.has('list-changed')) return;
    if (ctx.era === 'modern') {
      this.#onListen(ctx, listens, drop);
      return;
    }
    for (const list of ['tools', 'resources', 'prompts']) ctx.send({ jsonrpc: '2.0', method: `notifications/${list}/list_changed` }, undefined);
    ctx.outcome('list-changed', 'sent after wait_for_scenarios was answered');
  }

  /**
   * The list changes in 2026-07-28 travel on the client's listen streams, each as it asked; then,
   * where the transport has a stream per request (HTTP), the stream is dropped without an answer,
   * and whether the client opens one again is noted: the subscriptions page lets it (a transport
   * that closes without the response "MAY" be treated as a trigger to reconnect), it does not require it.
   */
  #onListen(ctx: ScenarioContext, listens: Map<IdKey, Listen>, drop: ((id: RequestId) => boolean) | undefined): void {
    const open = [...listens.values()];
    if (open.length === 0) {
      ctx.outcome('list-changed', 'not played: no subscriptions/listen stream was open when wait_for_scenarios was answered');
      return;
    }
    let sent = 0;
    for (const { id, filter } of open) {
      for (const [list, flag] of Object.entries(LIST_FLAGS)) {
        if (filter[flag] === true && ctx.send({ jsonrpc: '2.0', method: `notifications/${list}/list_changed`, params: { _meta: { [SUBSCRIPTION_ID_KEY]: id } } }, id)) sent += 1;
      }
    }
    ctx.outcome('list-changed', `${sent} list_changed sent on the listen stream${open.length === 1 ? '' : 's'}`);
    const first = open[0] as Listen;
    if (drop === undefined) return;
    ctx.later(100, () => {
      if (ctx.closed || !listens.has(idKey(first.id)) || !drop(first.id)) return;
      listens.delete(idKey(first.id));
      this.#dropped = { reopened: false };
      ctx.outcome('list-changed', `${sent} list_changed sent on the listen stream, which was then dropped; the client did not open it again (it may: no finding)`);
    });
  }
}
