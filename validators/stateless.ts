import type { MethodValidators } from './context.ts';

/** The methods only the stateless 2026-07-28 revision defines: `server/discover`, `subscriptions/listen` and its acknowledgement. */
export const statelessMethods: Readonly<Record<string, MethodValidators>> = {};
