import {
  isPolicyChild,
  isPolicyDescendant,
  resourceTenant,
  type RevisionPolicy,
} from '../validators/authorization.ts';
import type { JsonObject } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import type { PendingRequest } from './correlation.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

function tenantOf(rev: RevisionPolicy | undefined, uri: string, requester: string | undefined, at: string, out: Finding[], strict: boolean): void {
  const tenant = resourceTenant(rev, uri, strict);
  if (tenant === undefined) {
    out.push(finding(ruleById('auth/resource-not-in-policy'), at, `listed resource ${uri} is not in the explicit resource policy`));
  } else if (tenant !== requester) {
    out.push(finding(ruleById('auth/resource-tenant'), at, `resource tenant ${tenant} of ${uri} does not match the requester's tenant ${requester}`));
  }
}

/**
 * The explicit resource policy applied to a resources result of an authorization-bound request:
 * a read may return only the requested URI or its policy descendants (`strict`, the course
 * profile: its direct children); a list may name only the requester's tenant's resources (`strict`:
 * explicit ones, not template matches) and templates.
 */
export function checkResultPolicy(pending: PendingRequest, result: JsonObject, rev: RevisionPolicy | undefined, strict = false): Finding[] {
  const out: Finding[] = [];
  if (pending.method === 'resources/read' && Array.isArray(result['contents'])) {
    const requested = String((pending.params as JsonObject | undefined)?.['uri']);
    const covers = strict ? isPolicyChild : isPolicyDescendant;
    result['contents'].forEach((item: unknown, i: number) => {
      const uri = isJsonObject(item) ? item['uri'] : undefined;
      if (typeof uri === 'string' && !covers(rev, requested, uri)) {
        out.push(finding(ruleById('auth/result-outside-policy'), pointerJoin('/message/result/contents', i, 'uri'),
          `contents[${i}].uri is not the requested resource or an explicit child: ${uri} is neither ${requested} nor one of its ${strict ? 'direct ' : ''}explicit policy children`));
      }
    });
  } else if (pending.method === 'resources/list' && Array.isArray(result['resources'])) {
    result['resources'].forEach((item: unknown, i: number) => {
      const uri = isJsonObject(item) ? item['uri'] : undefined;
      if (typeof uri === 'string') tenantOf(rev, uri, pending.tenant, pointerJoin('/message/result/resources', i, 'uri'), out, strict);
    });
  } else if (pending.method === 'resources/templates/list' && Array.isArray(result['resourceTemplates'])) {
    result['resourceTemplates'].forEach((item: unknown, i: number) => {
      const template = isJsonObject(item) ? item['uriTemplate'] : undefined;
      if (typeof template !== 'string') return;
      const entry = rev?.resourceTemplates.find((t) => t.uriTemplate === template);
      const at = pointerJoin('/message/result/resourceTemplates', i, 'uriTemplate');
      if (!entry) out.push(finding(ruleById('auth/resource-not-in-policy'), at, `listed template ${template} is not in the explicit resource policy`));
      else if (entry.tenant !== pending.tenant) {
        out.push(finding(ruleById('auth/resource-tenant'), at, `resource tenant ${entry.tenant} of ${template} does not match the requester's tenant ${pending.tenant}`));
      }
    });
  }
  return out;
}
