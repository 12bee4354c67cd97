import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { InputRequiredContext, InputRequiredEvent, InputRequiredInput } from '../../machines/input-required.ts';
import { inputRequiredMachine } from '../../machines/input-required.ts';
import type { Step } from '../../machines/session.ts';
import { inputRequiredExtension } from '../../machines/input-required-extension.ts';
import type { JsonObject } from '../../validators/context.ts';
import type { InputRequest } from '../../validators/modern-input.ts';
import { CLIENT_CAPABILITIES_KEY, CLIENT_INFO_KEY, PROTOCOL_VERSION_KEY } from '../../validators/modern-meta.ts';
import { IdCounter, type CaseSkeleton, extensionRunsUnder, type MachineModel } from './model.ts';
import { failure, request, result } from './spec-wire.ts';

const PROMPT = 'briefing';
/** The original request's id: the first the case hands out. */
const FIRST_ID = 1;
const INPUT: InputRequiredInput = { method: 'prompts/get', target: PROMPT, id: FIRST_ID };
const INPUT_REQUESTS: Readonly<Record<string, InputRequest>> = { where: { method: 'roots/list', params: {} } };
const STATE = 'st-1';

type RetryCheck = Extract<InputRequiredEvent, { type: 'retry.check' }>;
const check = (target: string, answered: readonly string[], requestState: string | undefined, id?: number): RetryCheck =>
  ({ type: 'retry.check', ...(id === undefined ? {} : { id }), method: INPUT.method, target, answered, requestState });

/** Outside input_required any retry is early; inside, one rejected retry per guard, and the accepted one. */
const LOOP_OPEN: readonly InputRequiredEvent[] = [
  { type: 'result.input_required', inputRequests: INPUT_REQUESTS, requestState: STATE },
  { type: 'result.complete' },
  { type: 'error' },
  check(PROMPT, ['where'], STATE),
  check(PROMPT, ['where'], STATE, FIRST_ID),
];
const WAITING: readonly InputRequiredEvent[] = [
  check(PROMPT, ['where'], STATE, FIRST_ID),
  check('other-prompt', ['where'], STATE),
  check(PROMPT, ['where', 'extra'], STATE),
  check(PROMPT, [], STATE),
  check(PROMPT, ['where'], 'st-2'),
  { type: 'retry' },
];

function events(snapshot: AnyMachineSnapshot): readonly InputRequiredEvent[] {
  if (snapshot.status !== 'active') return [];
  return snapshot.value === 'input_required' ? WAITING : LOOP_OPEN;
}

/** The state value, the input requested, the state to echo and the attempt ids kept, which decide the retry guards. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as InputRequiredContext;
  return `${String(snapshot.value)}|${Object.keys(c.inputRequests).sort().join(',')}|${c.requestState ?? ''}|${c.attemptIds.length}`;
}

/** Every stateless request carries its version, client info and capabilities (roots, for the input request). */
function promptsGet(id: number, name: string, answered: readonly string[], requestState: string | undefined): Step {
  const params: JsonObject = {
    _meta: {
      [PROTOCOL_VERSION_KEY]: '2026-07-28',
      [CLIENT_INFO_KEY]: { name: 'sample-client', version: '1.0.0' },
      [CLIENT_CAPABILITIES_KEY]: { roots: {} },
    },
    name,
    ...(answered.length === 0 ? {} : { inputResponses: Object.fromEntries(answered.map((k) => [k, { roots: [{ uri: 'file:///home/user/project', name: 'project' }] }])) }),
    ...(requestState === undefined ? {} : { requestState }),
  };
  return request('client_to_server', id, 'prompts/get', params);
}

function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const ids = new IdCounter(1);
  let inFlight = ids.take();
  const steps: Step[] = [promptsGet(inFlight, PROMPT, [], undefined)];
  let asked: { keys: string[]; requestState: string | undefined } = { keys: [], requestState: undefined };
  for (const e of events as readonly InputRequiredEvent[]) {
    switch (e.type) {
      case 'result.input_required':
        asked = { keys: Object.keys(e.inputRequests), requestState: e.requestState };
        steps.push(result('server_to_client', inFlight, {
          resultType: 'input_required',
          inputRequests: e.inputRequests as JsonObject,
          ...(e.requestState === undefined ? {} : { requestState: e.requestState }),
        }));
        break;
      case 'result.complete':
        steps.push(result('server_to_client', inFlight, { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'Brief me.' } }] }));
        break;
      case 'error': steps.push(failure('server_to_client', inFlight)); break;
      case 'retry.check': steps.push(promptsGet(typeof e.id === 'number' ? e.id : ids.take(), e.target ?? PROMPT, e.answered, e.requestState)); break;
      case 'retry':
        inFlight = ids.take();
        steps.push(promptsGet(inFlight, PROMPT, asked.keys, asked.requestState));
        break;
    }
  }
  return { setup: 'ready', serverCapabilities: { prompts: {} }, steps };
}

/** The input_required loop's model: the client's prompts/get, asked for its roots. */
export function inputRequiredModel(): MachineModel {
  return {
    name: 'inputRequired',
    machine: inputRequiredMachine,
    input: INPUT,
    events,
    serialize,
    toCase,
    home: { profile: '2026-07-28', fixture: 'spec-2026-07-28/input-required.json' },
    runsUnder: extensionRunsUnder(inputRequiredExtension),
  };
}
