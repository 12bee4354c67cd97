import type { JsonObject } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { finding } from '../validators/rules/report.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/** Names, cursors or stale cursors a listing keeps at most, and the characters each set may take. */
export const LISTING_ENTRIES = 65_536;
export const LISTING_CHARS = 4 * 1024 * 1024;

/**
 * A set of strings within LISTING_ENTRIES and LISTING_CHARS: past them the oldest are forgotten,
 * so a miss is "not seen, as far as remembered" (a name or cursor forgotten is not reported).
 */
class BoundedStrings {
  readonly #items = new Set<string>();
  #chars = 0;

  has(item: string): boolean {
    return this.#items.has(item);
  }

  get size(): number {
    return this.#items.size;
  }

  add(item: string): void {
    if (this.#items.has(item)) return;
    this.#items.add(item);
    this.#chars += item.length;
    for (const old of this.#items) {
      if ((this.#items.size <= LISTING_ENTRIES && this.#chars <= LISTING_CHARS) || old === item) break;
      this.#items.delete(old);
      this.#chars -= old.length;
    }
  }

  [Symbol.iterator](): IterableIterator<string> {
    return this.#items.values();
  }
}

/**
 * The client's view of a paged tools/list listing: names should stay unique across the pages of
 * one listing (the tools page's SHOULD) (a request without a cursor starts a new one), and notifications/tools/list_changed
 * invalidates the cached list: pages fetched with the old listing's cursors are not judged against it. A page fetched again with a
 * cursor already answered (the caching page: "re-fetch that page using its cursor") is the same
 * page, not a further one; and a cursor the listing never gave (while it gave others) names no page
 * of it: neither is judged against the listing's names.
 */
export class ToolListing {
  #names = new BoundedStrings();
  #cursors = new BoundedStrings();
  #answered = new BoundedStrings();
  /** The nextCursor of the listing's latest page. */
  #next: string | undefined;

  /** Whether a request with these params fetches a further page of the current listing. */
  #continues(requestParams: unknown): boolean {
    const cursor = isJsonObject(requestParams) ? requestParams['cursor'] : undefined;
    if (typeof cursor !== 'string') return false;
    if (cursor === this.#next) return true;
    if (this.#answered.has(cursor)) return false;
    return this.#cursors.has(cursor) || (this.#next === undefined && this.#cursors.size === 0);
  }

  /** Checks a tools/list request's cursor. */
  checkRequest(_params: unknown): readonly Finding[] {
    // A cursor of a listing notifications/tools/list_changed made old is no finding: the pagination
    // page asks only that cursors be opaque and passed back as given, so a client may finish paging.
    return [];
  }

  /** Checks a tools/list result against the pages of the same listing seen so far. */
  checkResult(requestParams: unknown, result: JsonObject): readonly Finding[] {
    if (!this.#continues(requestParams) || !Array.isArray(result['tools'])) return [];
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
    const cursor = isJsonObject(requestParams) ? requestParams['cursor'] : undefined;
    if (typeof cursor === 'string' && !this.#continues(requestParams)) return;
    if (typeof cursor !== 'string') {
      this.#names = new BoundedStrings();
      this.#cursors = new BoundedStrings();
      this.#answered = new BoundedStrings();
    } else {
      this.#answered.add(cursor);
    }
    for (const tool of Array.isArray(result['tools']) ? result['tools'] : []) {
      if (isJsonObject(tool) && typeof tool['name'] === 'string') this.#names.add(tool['name']);
    }
    if (typeof result['nextCursor'] === 'string') this.#cursors.add(result['nextCursor']);
    this.#next = typeof result['nextCursor'] === 'string' ? result['nextCursor'] : undefined;
  }

  /** notifications/tools/list_changed: the cached listing is invalid from now on. */
  invalidate(): void {
    this.#names = new BoundedStrings();
    this.#cursors = new BoundedStrings();
    this.#answered = new BoundedStrings();
    this.#next = undefined;
  }
}
