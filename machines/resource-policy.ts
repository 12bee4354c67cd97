// Why: the explicit resource policy judges what a result of an authorization-bound request names,
// against the revision in force; the authorization chart decides it (guards isOutsideRequested,
// isNotInPolicy, isOtherTenant), one event per resource named. This file only reads a result's
// resources, in order, as those events.
import type { JsonObject } from '../validators/context.ts';
import { pointerJoin } from '../validators/finding.ts';
import { isJsonObject } from '../validators/shape.ts';
import type { AuthorizationEvent } from './authorization.ts';
import type { PendingRequest } from './correlation.ts';

/** The authorization chart's events for the resources a result names. */
export type ResourceEvent = Extract<AuthorizationEvent, { type: 'result.resource' }>;

/**
 * The resources a resources result of an authorization-bound request names, as the chart's
 * events: a read's content URIs (each must be the requested URI or its policy descendant;
 * `strict`, the course profile: its direct children), a list's resource URIs and a templates
 * list's templates (each in the policy, `strict`: explicitly, and the requester's tenant's).
 */
export function resourceEventsOf(pending: PendingRequest, result: JsonObject, strict: boolean): ResourceEvent[] {
  const out: ResourceEvent[] = [];
  const tenant = pending.tenant;
  const flag = strict ? { strict } : {};
  if (pending.method === 'resources/read' && Array.isArray(result['contents'])) {
    const requested = String((pending.params as JsonObject | undefined)?.['uri']);
    result['contents'].forEach((item: unknown, index: number) => {
      const uri = isJsonObject(item) ? item['uri'] : undefined;
      if (typeof uri === 'string') {
        out.push({ type: 'result.resource', method: 'resources/read', requested, index, uri, tenant, pointer: pointerJoin('/message/result/contents', index, 'uri'), ...flag });
      }
    });
  } else if (pending.method === 'resources/list' && Array.isArray(result['resources'])) {
    result['resources'].forEach((item: unknown, i: number) => {
      const uri = isJsonObject(item) ? item['uri'] : undefined;
      if (typeof uri === 'string') out.push({ type: 'result.resource', method: 'resources/list', uri, tenant, pointer: pointerJoin('/message/result/resources', i, 'uri'), ...flag });
    });
  } else if (pending.method === 'resources/templates/list' && Array.isArray(result['resourceTemplates'])) {
    result['resourceTemplates'].forEach((item: unknown, i: number) => {
      const template = isJsonObject(item) ? item['uriTemplate'] : undefined;
      if (typeof template === 'string') {
        out.push({ type: 'result.resource', method: 'resources/templates/list', template, tenant, pointer: pointerJoin('/message/result/resourceTemplates', i, 'uriTemplate'), ...flag });
      }
    });
  }
  return out;
}
