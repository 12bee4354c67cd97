import { authorizationModel } from './authorization.ts';
import type { ModelBasis } from './basis.ts';
import { correlationModel } from './correlation.ts';
import { lifecycleModel } from './lifecycle.ts';
import type { MachineModel } from './model.ts';
import { subscriptionModel } from './subscription.ts';

/** The machines a session composes, in report order, each with its event catalogue. */
export function createModels(basis: ModelBasis): readonly MachineModel[] {
  return [lifecycleModel(basis), correlationModel(), authorizationModel(basis), subscriptionModel(basis)];
}
