import type { MethodValidators } from './context.ts';

/** `prompts/list`, `prompts/get` and `notifications/prompts/list_changed`. */
export const promptsMethods: Readonly<Record<string, MethodValidators>> = {};
