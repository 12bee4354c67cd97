// Why: a subscribe to the watched resource (legacy: resources/subscribe; 2026-07-28: a listen
// stream asking for it) is followed by notifications/resources/updated.
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { resourceContents, WATCHED_URI } from '../catalog.ts';
import { SUBSCRIPTION_ID_KEY } from '../modern-serving.ts';
import type { ScenarioContext, ScenarioEntry } from './context.ts';

export const subscribe: ScenarioEntry = { by: 'client', text: 'resources/subscribe to the watched resource is followed by notifications/resources/updated' };

/** resources/subscribe: a resource of the offer is subscribed (`changed` bumps the watched resource), and its update follows. */
export function serveSubscribe(ctx: ScenarioContext, id: RequestId, params: JsonObject, changed: () => void): void {
  const uri = params['uri'];
  if (typeof uri !== 'string' || resourceContents(uri, 0) === undefined) {
    ctx.send({ jsonrpc: '2.0', id, error: { code: -32002, message: 'Resource not found', data: { uri } } }, id);
    return;
  }
  ctx.result(id, {});
  changed();
  ctx.outcome('subscribe', `subscribed to ${uri}; notifications/resources/updated sent`);
  ctx.later(50, () => ctx.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri } }, undefined));
}

/** A listen stream whose filter asks for the watched resource: its update follows on the stream while it is open. */
export function listenWatched(ctx: ScenarioContext, id: RequestId, filter: JsonObject, changed: () => void, open: () => boolean): void {
  const uris = Array.isArray(filter['resourceSubscriptions']) ? filter['resourceSubscriptions'] as string[] : [];
  if (!uris.includes(WATCHED_URI)) return;
  changed();
  ctx.outcome('subscribe', `listened to ${WATCHED_URI}; notifications/resources/updated sent on the listen stream`);
  ctx.later(50, () => {
    if (open()) ctx.send({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { _meta: { [SUBSCRIPTION_ID_KEY]: id }, uri: WATCHED_URI } }, id);
  });
}
