import { authorizationModel } from './authorization.ts';
import type { ModelBasis } from './basis.ts';
import { cancellationModel } from './cancellation.ts';
import { correlationModel } from './correlation.ts';
import { cursorModel } from './cursor.ts';
import { discoveryModel } from './discovery.ts';
import { inputRequiredModel } from './input-required.ts';
import { lifecycleModel } from './lifecycle.ts';
import { listenModel } from './listen.ts';
import { logLevelModel } from './log-level.ts';
import type { MachineModel } from './model.ts';
import { progressModel } from './progress.ts';
import { promptCatalogueModel } from './prompt-catalogue.ts';
import { requestIdsModel } from './request-ids.ts';
import { subscriptionModel } from './subscription.ts';
import { taskModel } from './task.ts';
import { toolCallsModel } from './tool-calls.ts';
import { toolListingModel } from './tool-listing.ts';

/**
 * The machines a session composes, in report order, each with its event catalogue: the four core
 * machines (payloads from `basis`), then the extensions' machines, which only the spec profiles run.
 */
export function createModels(basis: ModelBasis): readonly MachineModel[] {
  return [
    lifecycleModel(basis),
    correlationModel(),
    authorizationModel(basis),
    subscriptionModel(basis),
    progressModel(),
    cancellationModel(),
    taskModel(),
    inputRequiredModel(),
    listenModel(),
    toolListingModel(),
    promptCatalogueModel(),
    cursorModel(),
    requestIdsModel(),
    discoveryModel(),
    logLevelModel(),
    toolCallsModel(),
  ];
}
