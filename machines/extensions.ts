import type { ExtensionFactory } from './extension.ts';
import { inputRequiredExtension } from './input-required-extension.ts';
import { statelessExtension } from './stateless-extension.ts';

/** The extensions every session consults, in order; each factory decides for which profiles it applies. */
export const EXTENSIONS: readonly ExtensionFactory[] = [statelessExtension, inputRequiredExtension];
