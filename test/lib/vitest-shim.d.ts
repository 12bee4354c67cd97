// The few members of vitest the library page's vitest example uses, so that it typechecks here,
// where vitest is not installed.
declare module 'vitest' {
  export function test(name: string, body: () => Promise<void> | void): void;
  export function expect<T>(actual: T): { toEqual(expected: unknown): void; toMatchObject(expected: object): void; toBe(expected: unknown): void };
}
