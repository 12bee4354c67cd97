/**
 * A side table of notes the strict reader keeps about members of a value it parsed (an integer's
 * exact digits, how a number was written), keyed by the array or object that holds the member and
 * its index or name, with every container on the way marked, so a walk visits only what holds one.
 */
export class MemberNotes<T> {
  readonly #notes = new WeakMap<object, Map<string, T>>();
  readonly #holders = new WeakSet<object>();
  #recorded = 0;

  /** Records `note` for the member at `path` below `root`, a value the reader has just parsed. */
  record(root: unknown, path: readonly string[], note: T): void {
    let node: unknown = root;
    for (let i = 0; i < path.length - 1; i++) {
      if (typeof node !== 'object' || node === null) return;
      this.#holders.add(node);
      node = (node as Record<string, unknown>)[path[i] as string];
    }
    if (typeof node !== 'object' || node === null || path.length === 0) return;
    this.#holders.add(node);
    let members = this.#notes.get(node);
    if (members === undefined) this.#notes.set(node, (members = new Map()));
    members.set(path[path.length - 1] as string, note);
    this.#recorded += 1;
  }

  /** The note at `key` of `container`, when one was recorded there. */
  at(container: unknown, key: string | number): T | undefined {
    if (this.#recorded === 0 || typeof container !== 'object' || container === null) return undefined;
    return this.#notes.get(container)?.get(typeof key === 'number' ? String(key) : key);
  }

  /** Whether `value` holds a note at any depth (false at once while none was recorded). */
  holds(value: unknown): boolean {
    return this.#recorded !== 0 && typeof value === 'object' && value !== null && this.#holders.has(value);
  }

  /** Every note below `value`, in document order, with its JSON Pointer tokens. */
  placesIn(value: unknown): { readonly path: readonly (string | number)[]; readonly note: T }[] {
    const out: { path: (string | number)[]; note: T }[] = [];
    const walk = (node: unknown, path: (string | number)[]): void => {
      if (!this.holds(node)) return;
      const members = this.#notes.get(node as object);
      const keys = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node as object);
      for (const key of keys) {
        const note = members?.get(String(key));
        if (note !== undefined) out.push({ path: [...path, key], note });
        else walk((node as Record<string, unknown>)[key as string], [...path, key]);
      }
    };
    walk(value, []);
    return out;
  }
}
