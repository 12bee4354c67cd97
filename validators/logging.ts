import type { MethodValidators } from './context.ts';

/** `logging/setLevel` and `notifications/message`. */
export const loggingMethods: Readonly<Record<string, MethodValidators>> = {};
