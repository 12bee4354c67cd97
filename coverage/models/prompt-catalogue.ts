import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { promptCatalogueExtension } from '../../machines/prompt-catalogue-extension.ts';
import { promptCatalogueMachine, type ListedPrompt, type PromptCatalogueContext, type PromptCatalogueEvent } from '../../machines/prompt-catalogue.ts';
import type { Step } from '../../machines/session.ts';
import type { JsonObject } from '../../validators/context.ts';
import { extensionRunsUnder, IdCounter, type CaseSkeleton, type MachineModel } from './model.ts';
import { notification, request, result } from './spec-wire.ts';

const SUMMARIZE: ListedPrompt = { name: 'summarize', required: ['text'] };
const GREET: ListedPrompt = { name: 'greet', required: [] };

/** In every state: a listing's first page and its further page, a prompts/get with and without the required argument, a list change. */
const EVENTS: readonly PromptCatalogueEvent[] = [
  { type: 'page', cursor: undefined, prompts: [GREET] },
  { type: 'page', cursor: 'pp-2', prompts: [SUMMARIZE] },
  { type: 'get', name: 'summarize', arguments: {} },
  { type: 'get', name: 'summarize', arguments: { text: 'notes of the day' } },
  { type: 'list_changed' },
];

/** The state value and the prompts listed, which decide the prompts/get guard. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as PromptCatalogueContext;
  return `${String(snapshot.value)}|${[...c.prompts.keys()].sort().join(',')}`;
}

function promptJson(p: ListedPrompt): JsonObject {
  return p.required.length === 0 ? { name: p.name } : { name: p.name, arguments: p.required.map((name) => ({ name, required: true })) };
}

/** Each page is a prompts/list exchange; a get is the client's prompts/get; a list change is the server's notification. */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const ids = new IdCounter(2);
  const steps: Step[] = [];
  for (const e of events as readonly PromptCatalogueEvent[]) {
    switch (e.type) {
      case 'page': {
        const id = ids.take();
        steps.push(
          request('client_to_server', id, 'prompts/list', e.cursor === undefined ? undefined : { cursor: e.cursor }),
          result('server_to_client', id, { prompts: e.prompts.map(promptJson) }),
        );
        break;
      }
      case 'get': {
        const id = ids.take();
        steps.push(request('client_to_server', id, 'prompts/get', { name: e.name, arguments: e.arguments }));
        // An accepted prompts/get is answered, so the next request finds nothing pending under its id.
        steps.push(result('server_to_client', id, { messages: [{ role: 'user', content: { type: 'text', text: 'Summarize the notes.' } }] }));
        break;
      }
      case 'list_changed': steps.push(notification('server_to_client', 'notifications/prompts/list_changed', {})); break;
    }
  }
  return { setup: 'ready', serverCapabilities: { prompts: { listChanged: true } }, steps };
}

/** The prompt catalogue's model: a two-page listing of a prompt without arguments and one with a required argument. */
export function promptCatalogueModel(): MachineModel {
  return {
    name: 'promptCatalogue',
    machine: promptCatalogueMachine,
    input: undefined,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/prompts.json' },
    runsUnder: extensionRunsUnder(promptCatalogueExtension),
  };
}
