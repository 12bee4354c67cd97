import { assign, emit, setup } from 'xstate';
import type { JsonObject } from '../validators/context.ts';
import { BoundedIndex, type IndexLimits } from './bounded-index.ts';
import type { IssueEvent } from './issue.ts';

/** Prompts a catalogue keeps at most, and the characters their names and required arguments may take. */
export const CATALOGUE_ENTRIES = 65_536;
export const CATALOGUE_CHARS = 4 * 1024 * 1024;

/** A prompt as a listing declares it: its name and the names of its required arguments. */
export interface ListedPrompt {
  readonly name: string;
  readonly required: readonly string[];
}

/** The required arguments of each listed prompt, by name; past the bounds the oldest are forgotten (a forgotten prompt is not checked). */
type Catalogue = BoundedIndex<readonly string[]>;

const LIMITS: IndexLimits<readonly string[]> = {
  entries: CATALOGUE_ENTRIES,
  weight: CATALOGUE_CHARS,
  weigh: (name, required) => required.reduce((sum, arg) => sum + arg.length, name.length),
};

/** What the client learned of the server's prompts. */
export interface PromptCatalogueContext {
  readonly prompts: Catalogue;
}

/** Events of the prompt catalogue. */
export type PromptCatalogueEvent =
  /** The client's prompts/get, judged before the session accepts it: the prompt's name and the arguments given. */
  | { readonly type: 'get'; readonly name: string; readonly arguments: JsonObject }
  /** A prompts/list result the session took; `cursor` is the request's (undefined: none, which starts a new listing). */
  | { readonly type: 'page'; readonly cursor: string | undefined; readonly prompts: readonly ListedPrompt[] }
  /** notifications/prompts/list_changed. */
  | { readonly type: 'list_changed' };

const EMPTY: PromptCatalogueContext = { prompts: BoundedIndex.empty(LIMITS) };

/** The required arguments of the listed prompt `get` names that it does not give (none for a prompt not listed). */
function missingArguments(context: PromptCatalogueContext, event: PromptCatalogueEvent): string[] {
  if (event.type !== 'get') return [];
  const required = context.prompts.get(event.name) ?? [];
  return required.filter((arg) => !Object.hasOwn(event.arguments, arg));
}

function missingMessage(context: PromptCatalogueContext, event: PromptCatalogueEvent): string {
  const missing = missingArguments(context, event).map((arg) => JSON.stringify(arg));
  const name = JSON.stringify(event.type === 'get' ? event.name : '');
  return missing.length === 1
    ? `prompt ${name} requires argument ${missing[0]}, which is missing`
    : `prompt ${name} requires arguments ${missing.join(', ')}, which are missing`;
}

const SETUP = setup({
  types: {
    context: {} as PromptCatalogueContext,
    events: {} as PromptCatalogueEvent,
    emitted: {} as IssueEvent,
  },
  guards: {
    /**
     * prompts/get names a listed prompt without one of its required arguments. A prompt the server
     * did not list, or an argument the prompt does not declare, is no finding: no line forbids the
     * client to ask (the server answers an invalid name -32602).
     */
    isMissingArgument: ({ context, event }) => missingArguments(context, event).length > 0,
    startsListing: ({ event }) => event.type === 'page' && event.cursor === undefined,
  },
  actions: {
    startCatalogue: assign(() => EMPTY),
    recordPage: assign(({ context, event }) => (event.type === 'page'
      ? { prompts: context.prompts.withAll(event.prompts.map((p) => [p.name, p.required] as const)) }
      : {})),
    forgetCatalogue: assign(() => EMPTY),
    reportIssue: emit(({ context, event }, params: { rule: 'prompts/missing-argument' }): IssueEvent => ({
      type: 'issue',
      rule: params.rule,
      pointer: '/message/params/arguments',
      message: missingMessage(context, event),
    })),
  },
});

/**
 * The client's catalogue of prompts, learned from prompts/list results: unlisted -> listed (a
 * request without a cursor starts a new listing; a further page adds to it) -> forgotten when
 * notifications/prompts/list_changed says the list changed, so the later pages of a listing it
 * interrupted are not the whole catalogue, until a listing starts again. Once the client has listed
 * the prompts, prompts/get must give the listed prompt's required arguments; before any listing
 * nothing is known, so nothing is checked. The finding is raised by a targetless transition, so a
 * rejected prompts/get changes nothing.
 */
export const promptCatalogueMachine = SETUP.createMachine({
  id: 'promptCatalogue',
  context: EMPTY,
  initial: 'unlisted',
  states: {
    unlisted: {
      description: 'The client has not listed the prompts: nothing is known of their arguments.',
      on: {
        page: { target: 'listed', actions: 'recordPage' },
        list_changed: { target: 'forgotten' },
      },
    },
    listed: {
      description: 'The pages of the latest listing are the catalogue: prompts/get gives a listed prompt its required arguments.',
      on: {
        get: { guard: 'isMissingArgument', actions: { type: 'reportIssue', params: { rule: 'prompts/missing-argument' } } },
        page: [
          { guard: 'startsListing', actions: ['startCatalogue', 'recordPage'] },
          { actions: 'recordPage' },
        ],
        list_changed: { target: 'forgotten', actions: 'forgetCatalogue' },
      },
    },
    forgotten: {
      description: 'notifications/prompts/list_changed forgot the catalogue: later pages of the listing it interrupted are not the whole catalogue, until a listing starts again.',
      on: {
        page: { guard: 'startsListing', target: 'listed', actions: 'recordPage' },
      },
    },
  },
});
