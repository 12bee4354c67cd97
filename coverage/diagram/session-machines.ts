import type { AnyStateMachine } from 'xstate';
import { authorizationMachine } from '../../machines/authorization.ts';
import { correlationMachine } from '../../machines/correlation.ts';
import { lifecycleMachine } from '../../machines/lifecycle.ts';
import { subscriptionMachine } from '../../machines/subscription.ts';

/** The machines a session composes, in diagram order. */
export const SESSION_MACHINES: readonly AnyStateMachine[] = [lifecycleMachine, correlationMachine, authorizationMachine, subscriptionMachine];
