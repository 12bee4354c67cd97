// Why: both eras' fuzz executors learn a server's tools through listedTools, so what a run may
// call rests on its paging: every page in order, and no endless listing from a server that pages
// forever, repeats its cursor or answers a page with an error.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listedTools, MAX_TOOL_PAGES } from '../../exercise/tool-pages.ts';
import type { JsonObject } from '../../validators/context.ts';

/** A lister over fixed pages, keyed by the cursor asked for ('' for the first); records the cursors asked. */
function pages(byCursor: Record<string, JsonObject | undefined>): { page: (cursor: string | undefined) => Promise<JsonObject | undefined>; asked: (string | undefined)[] } {
  const asked: (string | undefined)[] = [];
  return { asked, page: async (cursor) => { asked.push(cursor); return byCursor[cursor ?? '']; } };
}

test('every page is read in order, following nextCursor', async () => {
  const { page, asked } = pages({
    '': { tools: [{ name: 'a' }, { name: 'b' }], nextCursor: 'p2' },
    p2: { tools: [{ name: 'c' }, 'not a tool'], nextCursor: 'p3' },
    p3: { tools: [{ name: 'd' }] },
  });
  const tools = await listedTools(page);
  assert.equal(tools.map((t) => t['name']), ['a', 'b', 'c', 'd']);
  assert.equal(asked, [undefined, 'p2', 'p3']);
});

test('a page that is not a result ends the listing, keeping what came before', async () => {
  const { page, asked } = pages({ '': { tools: [{ name: 'a' }], nextCursor: 'p2' }, p2: undefined });
  assert.equal((await listedTools(page)).map((t) => t['name']), ['a']);
  assert.equal(asked, [undefined, 'p2']);
});

test('a repeated or empty cursor is not followed', async () => {
  const repeated = pages({ '': { tools: [{ name: 'a' }], nextCursor: 'same' }, same: { tools: [{ name: 'b' }], nextCursor: 'same' } });
  assert.equal((await listedTools(repeated.page)).map((t) => t['name']), ['a', 'b']);
  assert.equal(repeated.asked, [undefined, 'same']);
  const empty = pages({ '': { tools: [{ name: 'a' }], nextCursor: '' } });
  assert.equal((await listedTools(empty.page)).length, 1);
  assert.equal(empty.asked, [undefined]);
});

test('a server that pages forever is read up to MAX_TOOL_PAGES pages', async () => {
  let asked = 0;
  const tools = await listedTools(async () => ({ tools: [{ name: `t${++asked}` }], nextCursor: `c${asked}` }));
  assert.is(asked, MAX_TOOL_PAGES);
  assert.is(tools.length, MAX_TOOL_PAGES);
});

test('a result without a tools array lists nothing from that page', async () => {
  const { page } = pages({ '': { tools: 'none', nextCursor: 'p2' }, p2: { tools: [{ name: 'x' }] } });
  assert.equal((await listedTools(page)).map((t) => t['name']), ['x']);
});

test.run();
