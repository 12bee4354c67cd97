// Why: a server's tools may be listed over several pages, and what a run may call is decided on
// all of them. Both eras' fuzz executors learn the tools the same way: tools/list, then each
// nextCursor the server gives, up to a bound (a server that pages forever, or repeats its cursor,
// is not followed). The page is fetched by the caller (each era sends its own request), so this
// concept holds the paging alone.
import type { JsonObject } from '../validators/context.ts';

/** The most tools/list pages read to learn the tools (a server that pages forever is not followed). */
export const MAX_TOOL_PAGES = 10;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Every tool the pages list, in order: `page(cursor)` returns the result of one tools/list (the
 * first with no cursor), or undefined when it was not a result (the listing stops there).
 */
export async function listedTools(page: (cursor: string | undefined) => Promise<JsonObject | undefined>): Promise<JsonObject[]> {
  const tools: JsonObject[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < MAX_TOOL_PAGES; n++) {
    const result = await page(cursor);
    if (result === undefined) break;
    if (Array.isArray(result['tools'])) tools.push(...result['tools'].filter(isJsonObject));
    const next = result['nextCursor'];
    if (typeof next !== 'string' || next === '' || next === cursor) break;
    cursor = next;
  }
  return tools;
}
