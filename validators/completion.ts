import type { MethodValidators } from './context.ts';

/** `completion/complete`. */
export const completionMethods: Readonly<Record<string, MethodValidators>> = {};
