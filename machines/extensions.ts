import type { ExtensionFactory } from './extension.ts';

/** The extensions every session consults, in order; each factory decides for which profiles it applies. */
export const EXTENSIONS: readonly ExtensionFactory[] = [];
