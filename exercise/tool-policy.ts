// Why: exercising a server must never harm the user's system. Which tools may be called is read
// from each tool's own annotations, in one place, for every command that calls tools it was not
// told to call by name: under `safe` only those annotated readOnlyHint: true (and never one
// annotated destructiveHint: true), under `all` every listed tool, under `none` none.
import type { JsonObject } from '../validators/context.ts';

/** How much of a server's own surface is exercised: read-only tools (default), every tool, or nothing. */
export type ExerciseMode = 'safe' | 'all' | 'none';

/** The modes, for the command line. */
export const EXERCISE_MODES: readonly ExerciseMode[] = ['safe', 'all', 'none'];

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a listed tool is not called under `mode` (and how to include it), or undefined when it may be. */
export function toolRefusal(tool: JsonObject, mode: ExerciseMode): { readonly reason: string; readonly include?: string } | undefined {
  if (mode === 'all') return undefined;
  if (mode === 'none') return { reason: '--exercise none', include: '--exercise safe (read-only tools) or --exercise all' };
  const annotations = isJsonObject(tool['annotations']) ? tool['annotations'] : {};
  if (annotations['destructiveHint'] === true) return { reason: 'annotated destructiveHint: true', include: '--exercise all' };
  if (annotations['readOnlyHint'] !== true) return { reason: 'not annotated readOnlyHint: true', include: '--exercise all' };
  return undefined;
}
