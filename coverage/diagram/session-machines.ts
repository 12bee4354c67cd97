import type { AnyStateMachine } from 'xstate';
import { authorizationMachine } from '../../machines/authorization.ts';
import { cancellationMachine } from '../../machines/cancellation.ts';
import { correlationMachine } from '../../machines/correlation.ts';
import { cursorMachine } from '../../machines/cursor.ts';
import { discoveryMachine } from '../../machines/discovery.ts';
import { inputRequiredMachine } from '../../machines/input-required.ts';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import { listenMachine } from '../../machines/listen.ts';
import { logLevelMachine } from '../../machines/log-level.ts';
import { progressMachine } from '../../machines/progress.ts';
import { promptCatalogueMachine } from '../../machines/prompt-catalogue.ts';
import { requestIdsMachine } from '../../machines/request-ids.ts';
import { subscriptionMachine } from '../../machines/subscription.ts';
import { taskMachine } from '../../machines/task.ts';
import { toolCallsMachine } from '../../machines/tool-calls.ts';
import { toolListingMachine } from '../../machines/tool-listing.ts';

/** The machines a session composes, in diagram order: the core four, then the spec profiles' extension machines. */
export const SESSION_MACHINES: readonly AnyStateMachine[] = [
  lifecycleMachine,
  correlationMachine,
  authorizationMachine,
  subscriptionMachine,
  progressMachine,
  cancellationMachine,
  taskMachine,
  inputRequiredMachine,
  listenMachine,
  toolListingMachine,
  promptCatalogueMachine,
  cursorMachine,
  requestIdsMachine,
  discoveryMachine,
  logLevelMachine,
  toolCallsMachine,
];
