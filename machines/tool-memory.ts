// Why: the session remembers the tool descriptors a server listed, so that a call is judged against
// the tool it names; a server chooses how large its descriptors are, so what is remembered is
// bounded in bytes. Past the bound the oldest learnt are forgotten, and from then on a call naming
// an unknown tool may name one of them.
import type { JsonObject } from '../validators/context.ts';
import { sizeEstimate } from './byte-budget.ts';

/** Bytes of tool descriptors a session keeps (the newest learnt; older ones are forgotten past it). */
export const TOOLS_BYTES = 16 * 1024 * 1024;

/** The listed tool descriptors a session keeps, by name, within TOOLS_BYTES. */
export class ToolMemory {
  readonly #tools: Map<string, JsonObject>;
  /** What each descriptor learnt from a tools/list result weighs, by name, oldest first. */
  readonly #sizes = new Map<string, number>();
  #bytes = 0;
  #forgotten = 0;

  /** `tools`: the map the validators read (declared descriptors may be in it already). */
  constructor(tools: Map<string, JsonObject>) {
    this.#tools = tools;
  }

  /** Listed tools forgotten to stay within TOOLS_BYTES: once any is, an unknown tool name may be one of them. */
  get forgotten(): number {
    return this.#forgotten;
  }

  /**
   * Keeps a listed descriptor as the newest, within TOOLS_BYTES: past it the oldest learnt are
   * forgotten. Returns whether the bound was passed (the tools known are then no longer all listed).
   */
  learn(name: string, tool: JsonObject): boolean {
    const tools = this.#tools;
    const before = this.#sizes.get(name);
    if (before !== undefined) {
      this.#sizes.delete(name);
      this.#bytes -= before;
    }
    const size = sizeEstimate(tool);
    tools.delete(name);
    tools.set(name, tool);
    this.#sizes.set(name, size);
    this.#bytes += size;
    if (this.#bytes <= TOOLS_BYTES) return false;
    for (const [oldName, oldSize] of this.#sizes) {
      if (this.#bytes <= TOOLS_BYTES - TOOLS_BYTES / 8 || oldName === name) break;
      this.#sizes.delete(oldName);
      this.#bytes -= oldSize;
      tools.delete(oldName);
      this.#forgotten += 1;
    }
    return true;
  }
}
