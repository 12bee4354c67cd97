import type { Profile, ValidationContext } from './context.ts';

/**
 * Builds a family's schemas once per variant, lazily — strict (the course profile's exact keys), the open
 * shapes of 2025-11-25 and later, and those of 2025-06-18 — and returns the picker a validation
 * context uses. `make(strict, since20251125)` builds one variant.
 */
export function profileSchemas<T>(make: (strict: boolean, since20251125: boolean) => T): (ctx: ValidationContext) => T {
  // Built on first use, so a run under one profile never builds the other variants.
  let strict: T | undefined;
  let loose: T | undefined;
  let loose20250618: T | undefined;
  return (ctx) => {
    if (ctx.profile.strict) return (strict ??= make(true, true));
    return ctx.profile.revision === '2025-06-18' ? (loose20250618 ??= make(false, false)) : (loose ??= make(false, true));
  };
}

/** Like profileSchemas for families whose shapes differ only between strict and open profiles. */
export function strictOrLoose<T>(make: (strict: boolean) => T): (ctx: ValidationContext) => T {
  let strict: T | undefined;
  let loose: T | undefined;
  return (ctx) => (ctx.profile.strict ? (strict ??= make(true)) : (loose ??= make(false)));
}

/** Whether the revision has what 2025-11-25 added (tasks, URL elicitation, sampling tools, icons). */
export function since20251125(ctx: ValidationContext): boolean {
  return ctx.profile.revision !== '2025-06-18';
}

const SCHEMA_READINGS = new WeakMap<Profile, Profile>();

/**
 * `ctx` as the specification reads its revision: no exact keys, no course formats or limits.
 * The course profile judges some parts this way, where its reference checks less than the
 * official schema and the course is held to the schema (tool-result content, sampling messages).
 */
export function schemaReading(ctx: ValidationContext): ValidationContext {
  if (!ctx.profile.strict) return ctx;
  let profile = SCHEMA_READINGS.get(ctx.profile);
  if (!profile) {
    profile = {
      ...ctx.profile,
      strict: false,
      limits: { itemBytes: null, readBytes: null, contentItems: null, listItems: null, cursorLength: null },
    };
    SCHEMA_READINGS.set(ctx.profile, profile);
  }
  return { ...ctx, profile };
}
