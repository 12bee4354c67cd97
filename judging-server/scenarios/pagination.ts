// Why: every list takes three pages, so a client is seen passing each nextCursor back as given
// (the session judges a changed cursor); this counts the pages the client listed.
import type { JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import type { ProbeKind } from '../../live/live-judge.ts';
import { page } from '../catalog.ts';
import type { ScenarioContext, ScenarioEntry } from './context.ts';

export const pagination: ScenarioEntry = { by: 'client', text: 'tools, resources and prompts are listed over three pages each; a cursor goes back unchanged' };

/** The pages of each list a session served. */
export class PageCounts {
  readonly #pages = { tools: 0, resources: 0, prompts: 0 };

  /** Answers one page of `items` (a cursor this server never gave is invalid params); `probe` marks a page offering what the client must refuse. */
  list(ctx: ScenarioContext, id: RequestId, list: 'tools' | 'resources' | 'prompts', items: readonly JsonObject[], params: JsonObject,
    probe?: (page: readonly JsonObject[]) => ProbeKind | undefined): void {
    const got = page(`${list}/list`, items, params);
    if (got === undefined) {
      ctx.error(id, -32602, 'Invalid params: the cursor is not one this server gave');
      return;
    }
    this.#pages[list] += 1;
    ctx.result(id, { [list]: got.items, ...(got.nextCursor === undefined ? {} : { nextCursor: got.nextCursor }) }, `${list}/list`, probe?.(got.items));
  }

  /** Notes the pages listed (at the end of the session). */
  note(ctx: ScenarioContext): void {
    const { tools, resources, prompts } = this.#pages;
    ctx.note('pagination', `pages listed: tools ${tools}, resources ${resources}, prompts ${prompts} (of 3 each)`);
  }
}
