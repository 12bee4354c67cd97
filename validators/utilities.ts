import type { MethodValidators } from './context.ts';

/** `notifications/progress` and `notifications/cancelled` shapes (their state lives in machines/). */
export const utilityMethods: Readonly<Record<string, MethodValidators>> = {};
