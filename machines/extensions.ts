import { cancellationExtension } from './cancellation-extension.ts';
import { cursorExtension } from './cursor-extension.ts';
import type { ExtensionFactory } from './extension.ts';
import { idReuseExtension } from './id-reuse-extension.ts';
import { inputRequiredExtension } from './input-required-extension.ts';
import { logLevelExtension } from './log-level-extension.ts';
import { progressExtension } from './progress-extension.ts';
import { promptCatalogueExtension } from './prompt-catalogue-extension.ts';
import { modernExtension } from './modern-extension.ts';
import { taskExtension } from './task-extension.ts';

/** The extensions every session consults, in order; each factory decides for which profiles it applies. */
export const EXTENSIONS: readonly ExtensionFactory[] = [
  modernExtension,
  inputRequiredExtension,
  idReuseExtension,
  cancellationExtension,
  progressExtension,
  taskExtension,
  promptCatalogueExtension,
  logLevelExtension,
  cursorExtension,
];
