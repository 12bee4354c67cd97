import { assign, emit, setup } from 'xstate';
import { describeId, idKey, type IdKey, type RequestId } from '../validators/envelope.ts';
import type { InputRequest } from '../validators/modern-input.ts';
import type { IssueEvent } from './issue.ts';

/** The request a retry loop belongs to: its method and what it targets (tool name, prompt name or resource URI). */
export interface InputRequiredInput {
  readonly method: string;
  readonly target: string | undefined;
  /** The original request's id, when it has one (the first attempt's). */
  readonly id?: RequestId;
}

/** Attempt ids remembered per loop; a client retrying past this many times has its later ids unchecked. */
export const ATTEMPT_IDS_LIMIT = 64;

/** What the loop remembers: the original request and the input the server asked for last. */
export interface InputRequiredContext {
  readonly method: string;
  readonly target: string | undefined;
  readonly inputRequests: Readonly<Record<string, InputRequest>>;
  readonly requestState: string | undefined;
  /** How many retries were sent. */
  readonly retries: number;
  /** The ids of every attempt (the original request and its retries), at most ATTEMPT_IDS_LIMIT: a retry must use a new one. */
  readonly attemptIds: readonly IdKey[];
}

/** A retry as the loop sees it: the request's method and target, its answered keys and echoed state. */
export interface RetryAttempt {
  /** The retry's JSON-RPC id (absent: a notification, which no id check concerns). */
  readonly id?: RequestId;
  readonly method: string;
  readonly target: string | undefined;
  readonly answered: readonly string[];
  readonly requestState: string | undefined;
}

/** Events of one request's input_required loop. */
export type InputRequiredEvent =
  | { readonly type: 'result.input_required'; readonly inputRequests: Readonly<Record<string, InputRequest>>; readonly requestState: string | undefined }
  | { readonly type: 'result.complete' }
  | { readonly type: 'error' }
  /** Judges a retry before it is accepted (reports, changes nothing). */
  | ({ readonly type: 'retry.check' } & RetryAttempt)
  /** An accepted retry, with its id. */
  | { readonly type: 'retry'; readonly id?: RequestId };

type RetryRule =
  | 'stateless/retry-reused-id'
  | 'stateless/retry-without-input-required'
  | 'stateless/retry-different-request'
  | 'stateless/input-response-missing'
  | 'stateless/request-state-not-echoed';

const P = '/message/params';

function missingKeys(context: InputRequiredContext, retry: RetryAttempt): string[] {
  return Object.keys(context.inputRequests).filter((k) => !retry.answered.includes(k));
}

function describeTarget(method: string, target: string | undefined): string {
  return target === undefined ? method : `${method} ${JSON.stringify(target)}`;
}

function issueFor(rule: RetryRule, context: InputRequiredContext, retry: RetryAttempt): IssueEvent {
  switch (rule) {
    case 'stateless/retry-reused-id':
      return { type: 'issue', rule, pointer: '/message/id',
        message: `this ${retry.method} retry reuses id ${retry.id === undefined ? '' : describeId(retry.id)} of an earlier attempt of the same request; a retry is a new request with a new id` };
    case 'stateless/retry-without-input-required':
      return { type: 'issue', rule, pointer: P,
        message: `a retry of ${describeTarget(context.method, context.target)} was sent before its input_required result arrived` };
    case 'stateless/retry-different-request':
      return { type: 'issue', rule, pointer: retry.method === context.method ? P : '/message/method',
        message: `a retry must repeat ${describeTarget(context.method, context.target)}, not ${describeTarget(retry.method, retry.target)}` };
    case 'stateless/input-response-missing': {
      const missing = missingKeys(context, retry);
      return { type: 'issue', rule, pointer: retry.answered.length > 0 ? `${P}/inputResponses` : P,
        message: `the retry leaves input request ${missing.map((k) => `${JSON.stringify(k)} (${context.inputRequests[k]?.method ?? ''})`).join(', ')} unanswered` };
    }
    case 'stateless/request-state-not-echoed':
      return { type: 'issue', rule, pointer: retry.requestState === undefined ? P : `${P}/requestState`,
        message: context.requestState === undefined
          ? 'the retry sends a requestState, but the input_required result gave none'
          : `the retry must echo requestState ${JSON.stringify(context.requestState)} but ${retry.requestState === undefined ? 'sent none' : `sent ${JSON.stringify(retry.requestState)}`}` };
  }
}

/**
 * The input_required loop of one request of the stateless revision: awaiting_result ->
 * input_required (the server asked for input) -> retried (the client answered every input request
 * and echoed the state) -> input_required again or complete; an error ends it as failed.
 */
const SETUP = setup({
  types: {
    context: {} as InputRequiredContext,
    events: {} as InputRequiredEvent,
    input: {} as InputRequiredInput,
    emitted: {} as IssueEvent,
  },
  guards: {
    reusesAttemptId: ({ context, event }) => event.type === 'retry.check' && event.id !== undefined && context.attemptIds.includes(idKey(event.id)),
    isDifferentRequest: ({ context, event }) =>
      event.type === 'retry.check' && (event.method !== context.method || event.target !== context.target),
    leavesInputUnanswered: ({ context, event }) => event.type === 'retry.check' && missingKeys(context, event).length > 0,
    changesRequestState: ({ context, event }) => event.type === 'retry.check' && event.requestState !== context.requestState,
  },
  actions: {
    reportIssue: emit(({ context, event }, params: { rule: RetryRule }) =>
      issueFor(params.rule, context, event.type === 'retry.check' ? event : { method: context.method, target: context.target, answered: [], requestState: undefined })),
    recordInputRequest: assign(({ event }) =>
      event.type === 'result.input_required' ? { inputRequests: event.inputRequests, requestState: event.requestState } : {}),
    countRetry: assign(({ context, event }) => ({
      retries: context.retries + 1,
      attemptIds: event.type === 'retry' && event.id !== undefined && context.attemptIds.length < ATTEMPT_IDS_LIMIT
        ? [...context.attemptIds, idKey(event.id)] : context.attemptIds,
    })),
  },
});

/** Awaiting a result, whether of the original request or of a retry. */
const AWAITING_RESULT = {
  'result.input_required': { target: 'input_required', actions: 'recordInputRequest' },
  'result.complete': { target: 'complete' },
  error: { target: 'failed' },
  'retry.check': [
    { guard: 'reusesAttemptId', actions: { type: 'reportIssue', params: { rule: 'stateless/retry-reused-id' } } },
    { actions: { type: 'reportIssue', params: { rule: 'stateless/retry-without-input-required' } } },
  ],
} as const;

export const inputRequiredMachine = SETUP.createMachine({
  id: 'inputRequired',
  context: ({ input }) => ({
    method: input.method,
    target: input.target,
    inputRequests: {},
    requestState: undefined,
    retries: 0,
    attemptIds: input.id === undefined ? [] : [idKey(input.id)],
  }),
  initial: 'awaiting_result',
  states: {
    awaiting_result: {
      on: AWAITING_RESULT,
    },
    input_required: {
      description: 'The server asked for input; the client may retry the same request with inputResponses and the requestState echoed.',
      on: {
        'retry.check': [
          { guard: 'reusesAttemptId', actions: { type: 'reportIssue', params: { rule: 'stateless/retry-reused-id' } } },
          { guard: 'isDifferentRequest', actions: { type: 'reportIssue', params: { rule: 'stateless/retry-different-request' } } },
          // A key the server did not ask for is no finding: the server "SHOULD ignore any information it
          // does not recognize or need" (mrtr, Error Handling), so nothing forbids the client to send it.
          { guard: 'leavesInputUnanswered', actions: { type: 'reportIssue', params: { rule: 'stateless/input-response-missing' } } },
          { guard: 'changesRequestState', actions: { type: 'reportIssue', params: { rule: 'stateless/request-state-not-echoed' } } },
        ],
        retry: { target: 'retried', actions: 'countRetry' },
      },
    },
    retried: {
      description: 'A retry was sent: awaiting its result, as after the first request, with one retry more counted.',
      on: AWAITING_RESULT,
    },
    complete: { type: 'final' },
    failed: { type: 'final' },
  },
});
