import { assign, emit, setup } from 'xstate';
import { idKey, type RequestId } from '../validators/envelope.ts';
import { LOGGING_LEVELS } from '../validators/logging.ts';
import { AskedLevels, levelRank, type LogLevel } from './asked-levels.ts';
import type { IssueEvent } from './issue.ts';

/** What the log-level chart remembers: the level each client request in flight asked for. */
export interface LogLevelContext {
  readonly asked: AskedLevels;
}

/** What the chart is created with: for tests, a smaller bound than the pending table's limit. */
export interface LogLevelInput {
  readonly limit?: number;
}

/** Events of the log-level chart. */
export type LogLevelEvent =
  /** The session accepted a client request whose `_meta` asked for logs at `level` and above. */
  | { readonly type: 'request'; readonly id: RequestId; readonly level: LogLevel }
  /** The server answered the client request `id` (result or error): it is no longer in flight. */
  | { readonly type: 'answered'; readonly id: RequestId }
  /** The server sends a `notifications/message` at `level` (undefined: it names no logging level). */
  | { readonly type: 'log'; readonly level: string | undefined };

/** Rules the log-level chart raises. */
export type LogLevelRule = 'stateless/log-without-level' | 'stateless/log-below-level';

function issueFor(rule: LogLevelRule, context: LogLevelContext, event: LogLevelEvent): IssueEvent {
  switch (rule) {
    case 'stateless/log-without-level':
      return { type: 'issue', rule, pointer: '/message/method',
        message: 'notifications/message sent while no request in flight set io.modelcontextprotocol/logLevel in its _meta' };
    case 'stateless/log-below-level': {
      const level = event.type === 'log' ? event.level : undefined;
      return { type: 'issue', rule, pointer: '/message/params/level',
        message: `log level ${String(level)} is below ${String(LOGGING_LEVELS[context.asked.least()])}, the least severe level the requests in flight asked for` };
    }
  }
}

const SETUP = setup({
  types: {
    context: {} as LogLevelContext,
    events: {} as LogLevelEvent,
    input: {} as LogLevelInput | undefined,
    emitted: {} as IssueEvent,
  },
  guards: {
    /** "If absent, the server MUST NOT send any notifications/message for this request"; a table that forgot a request proves nothing. */
    isUnasked: ({ context, event }) => event.type === 'log' && !context.asked.forgotten,
    /** Below the least severe level any request in flight asked for (a level the table may have forgotten proves nothing). */
    isBelowLevel: ({ context, event }) => {
      if (event.type !== 'log' || context.asked.forgotten) return false;
      const rank = levelRank(event.level);
      return rank >= 0 && rank < context.asked.least();
    },
    /** The answer ends the one request in flight that asked for logs. */
    isLastAsker: ({ context, event }) => event.type === 'answered' && context.asked.size === 1 && context.asked.has(idKey(event.id)),
  },
  actions: {
    recordLevel: assign(({ context, event }) => (event.type === 'request' ? { asked: context.asked.with(idKey(event.id), levelRank(event.level)) } : {})),
    forgetRequest: assign(({ context, event }) => (event.type === 'answered' ? { asked: context.asked.without(idKey(event.id)) } : {})),
    reportIssue: emit(({ context, event }, params: { rule: LogLevelRule }) => issueFor(params.rule, context, event)),
  },
});

/**
 * Per-request log levels in the 2026-07-28 revision: a client opts in per request with `_meta`
 * `io.modelcontextprotocol/logLevel` ("If absent, the server MUST NOT send any
 * notifications/message for this request"). In `quiet` no request in flight asked for logs, so
 * a log message is rejected (`isUnasked`); in `asked` one is accepted, with a warning below the
 * least severe level the requests in flight asked for (`isBelowLevel`). A transcript does not say
 * which response stream carried a message, so any request in flight counts. Every rule is raised
 * by a targetless transition that assigns nothing, so a rejected message changes nothing; the
 * table is bounded, and once it forgot a request no log message is judged.
 */
export const logLevelMachine = SETUP.createMachine({
  id: 'logLevels',
  context: ({ input }) => ({ asked: AskedLevels.empty(input?.limit) }),
  initial: 'quiet',
  states: {
    quiet: {
      description: 'No client request in flight asked for logs: the server sends no notifications/message.',
      on: {
        request: { target: 'asked', actions: 'recordLevel' },
        log: { guard: 'isUnasked', actions: { type: 'reportIssue', params: { rule: 'stateless/log-without-level' } } },
      },
    },
    asked: {
      description: 'Some client request in flight asked for logs at a level: the server may log at that level or above.',
      on: {
        request: { actions: 'recordLevel' },
        answered: [
          { guard: 'isLastAsker', target: 'quiet', actions: 'forgetRequest' },
          { actions: 'forgetRequest' },
        ],
        log: { guard: 'isBelowLevel', actions: { type: 'reportIssue', params: { rule: 'stateless/log-below-level' } } },
      },
    },
  },
});
