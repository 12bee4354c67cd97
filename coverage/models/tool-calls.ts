import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { toolCallsMachine, type ToolCallsEvent, type ToolCallsInput } from '../../machines/tool-calls.ts';
import type { JsonObject } from '../../validators/context.ts';
import { COURSE_PROFILE } from '../../validators/profiles.ts';
import { IdCounter, stateValueKey, type CaseSkeleton, type MachineModel } from './model.ts';
import { request, result } from './spec-wire.ts';

/** The model's tool that wants a `city` and returns structured content; it names no task support. */
const FORECAST: JsonObject = {
  name: 'forecast',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: { type: 'object', properties: { high: { type: 'number' } }, required: ['high'] },
};

/** A tool that must run as a task. */
const BATCH: JsonObject = { name: 'batch', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };

/**
 * The course profile's reading (strict, 2025-11-25), the one under which every guard can hold; the
 * descriptors map never changes in the model (the session's ToolMemory fills it, not the chart).
 */
const INPUT: ToolCallsInput = { profile: COURSE_PROFILE, tools: new Map([['forecast', FORECAST], ['batch', BATCH]]) };

const AT = '/message/params';
const RESULT_AT = '/message/result';
const CALL: JsonObject = { name: 'forecast', arguments: { city: 'Oslo' } };
const UNKNOWN = 'missing';

/**
 * In every state: a last listing page (first, so that the shortest way to a complete catalogue is
 * one the specification profiles take) and a page still paging, the tools declared, a call to an
 * unknown tool and one breaking the inputSchema, a call without the task its tool requires and a
 * task for a tool that supports none, a result lacking structuredContent and one breaking the
 * outputSchema.
 */
const EVENTS: readonly ToolCallsEvent[] = [
  { type: 'listed', paging: false, overflowed: false },
  { type: 'listed', paging: true, overflowed: false },
  { type: 'declared' },
  { type: 'call', params: { name: UNKNOWN, arguments: {} }, name: UNKNOWN, at: AT },
  { type: 'call', params: { name: 'forecast', arguments: {} }, name: 'forecast', at: AT },
  { type: 'call.task', params: { name: 'batch', arguments: {} }, name: 'batch', at: AT },
  { type: 'call.task', params: { ...CALL, task: { ttl: 60_000 } }, name: 'forecast', at: AT },
  { type: 'result', requestParams: CALL, result: { content: [{ type: 'text', text: '21.5' }] }, at: RESULT_AT },
  { type: 'result', requestParams: CALL, result: { content: [{ type: 'text', text: '{"high":"warm"}' }], structuredContent: { high: 'warm' } }, at: RESULT_AT },
];

/** The state value decides every guard (the descriptors map is fixed). */
function serialize(snapshot: AnyMachineSnapshot): string {
  return stateValueKey(snapshot);
}

/**
 * A listing page is a tools/list exchange listing the tools (with a nextCursor while paging); a call
 * is a tools/call request; a result is a call and its answer. Declared tools are the fixture's, so
 * they take no step: the course profile's fixtures declare them (and only the course profile
 * judges an unknown tool; its sessions never list into the chart, so that path is the call alone),
 * the home fixture of the specification profiles declares none, so a call to a known tool in an
 * incomplete catalogue that listed nothing calls a tool of a first page still paging.
 */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton | undefined {
  const path = events as readonly ToolCallsEvent[];
  const unknown = path.some((e) => e.type === 'call' && e.name === UNKNOWN);
  const ids = new IdCounter(2);
  const steps: Step[] = [];
  // A call to a known tool while the catalogue is incomplete and nothing was listed: the tool is on
  // a page of a listing still paging.
  const listed = path.some((e) => e.type === 'listed' || e.type === 'declared');
  if (!listed && !unknown && path.some((e) => e.type === 'call' || e.type === 'call.task' || e.type === 'result')) {
    const id = ids.take();
    steps.push(request('client_to_server', id, 'tools/list'), result('server_to_client', id, { tools: [FORECAST, BATCH], nextCursor: 'page-2' }));
  }
  for (const e of path) {
    switch (e.type) {
      case 'declared':
        break;
      case 'listed': {
        if (unknown) break;
        const id = ids.take();
        steps.push(request('client_to_server', id, 'tools/list'), result('server_to_client', id, { tools: [FORECAST, BATCH], ...(e.paging ? { nextCursor: 'page-2' } : {}) }));
        break;
      }
      case 'call':
      case 'call.task':
        steps.push(request('client_to_server', ids.take(), 'tools/call', e.params));
        break;
      case 'result': {
        const id = ids.take();
        steps.push(request('client_to_server', id, 'tools/call', e.requestParams as JsonObject), result('server_to_client', id, e.result));
        break;
      }
    }
  }
  // Declaring the tools alone takes no step: the fixture's declared tool starts every session complete.
  if (steps.length === 0) return undefined;
  return { setup: 'ready', serverCapabilities: { tools: {}, tasks: { requests: { tools: { call: {} } } } }, steps };
}

/** The course profile's own transitions: declared tools, and an unknown tool (which only its strict reading judges). */
const COURSE_HOME = { profile: 'course', fixture: 'course-profile/tools.json' } as const;

/** The tool catalogue's model: the tool declared or listed, calls and results against it. */
export function toolCallsModel(): MachineModel {
  return {
    name: 'toolCalls',
    machine: toolCallsMachine,
    input: INPUT,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/tool-calls.json' },
    transitionHome: (t) => (t.event === 'declared' || t.guard?.includes('isUnknownTool') ? COURSE_HOME : undefined),
  };
}
