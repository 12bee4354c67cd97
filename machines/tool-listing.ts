import type { JsonObject } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/**
 * The client's view of a paged tools/list listing: names should stay unique across the pages of
 * one listing (the tools page's SHOULD) (a request without a cursor starts a new one), and notifications/tools/list_changed
 * invalidates the cached list, so cursors of the old listing are stale.
 */
export class ToolListing {
  #names = new Set<string>();
  #cursors = new Set<string>();
  #stale = new Set<string>();

  /** Checks a tools/list request's cursor. */
  checkRequest(params: unknown): readonly Finding[] {
    const cursor = isJsonObject(params) ? params['cursor'] : undefined;
    if (typeof cursor === 'string' && this.#stale.has(cursor)) {
      return [finding(ruleById('tools/stale-cursor'), '/message/params/cursor',
        `cursor ${JSON.stringify(cursor)} belongs to a tool listing invalidated by notifications/tools/list_changed; start again without a cursor`)];
    }
    return [];
  }

  /** Checks a tools/list result against the pages of the same listing seen so far. */
  checkResult(requestParams: unknown, result: JsonObject): readonly Finding[] {
    const continues = isJsonObject(requestParams) && typeof requestParams['cursor'] === 'string';
    if (!continues || !Array.isArray(result['tools'])) return [];
    const out: Finding[] = [];
    result['tools'].forEach((tool: unknown, i: number) => {
      const name = isJsonObject(tool) ? tool['name'] : undefined;
      if (typeof name === 'string' && this.#names.has(name)) {
        out.push(finding(ruleById('tools/name-not-unique'), pointerJoin('/message/result/tools', i, 'name'),
          `tool name ${JSON.stringify(name)} was already listed on an earlier page of this listing`));
      }
    });
    return out;
  }

  /** Records an accepted page. */
  accept(requestParams: unknown, result: JsonObject): void {
    const continues = isJsonObject(requestParams) && typeof requestParams['cursor'] === 'string';
    if (!continues) {
      this.#names = new Set();
      this.#cursors = new Set();
    }
    for (const tool of Array.isArray(result['tools']) ? result['tools'] : []) {
      if (isJsonObject(tool) && typeof tool['name'] === 'string') this.#names.add(tool['name']);
    }
    if (typeof result['nextCursor'] === 'string') this.#cursors.add(result['nextCursor']);
  }

  /** notifications/tools/list_changed: the cached listing is invalid from now on. */
  invalidate(): void {
    for (const c of this.#cursors) this.#stale.add(c);
    this.#names = new Set();
    this.#cursors = new Set();
  }
}
