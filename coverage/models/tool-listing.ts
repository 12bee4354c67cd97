import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Step } from '../../machines/session.ts';
import { toolListingMachine, type ToolListingContext, type ToolListingEvent } from '../../machines/tool-listing.ts';
import type { JsonObject } from '../../validators/context.ts';
import { profileFacts } from '../../validators/profiles.ts';
import { IdCounter, type CaseSkeleton, type MachineModel } from './model.ts';
import { notification, request, result } from './spec-wire.ts';

/** In every state: a listing's first page, its further page, a page under a cursor it never gave, a repeated name and a list change. */
const EVENTS: readonly ToolListingEvent[] = [
  { type: 'page', cursor: undefined, names: ['alpha', 'beta'], nextCursor: 'tp-2' },
  { type: 'page', cursor: 'tp-2', names: ['gamma'], nextCursor: undefined },
  { type: 'page', cursor: 'tp-9', names: ['delta'], nextCursor: undefined },
  { type: 'tool', cursor: 'tp-2', index: 0, name: 'beta' },
  { type: 'list_changed' },
];

/** The state value and what decides the guards: the latest nextCursor, the cursors given and answered, the names. */
function serialize(snapshot: AnyMachineSnapshot): string {
  const c = snapshot.context as ToolListingContext;
  const list = (s: ToolListingContext['names']) => [...s.keys()].sort().join(',');
  return `${String(snapshot.value)}|${c.next ?? '-'}|${list(c.cursors)}|${list(c.answered)}|${list(c.names)}`;
}

const tool = (name: string): JsonObject => ({ name, inputSchema: { type: 'object' } });

/** The client's tools/list (with the cursor, if any) and the server's page of `tools`. */
function listing(id: number, cursor: string | undefined, tools: readonly JsonObject[], nextCursor: string | undefined): Step[] {
  return [
    request('client_to_server', id, 'tools/list', cursor === undefined ? undefined : { cursor }),
    result('server_to_client', id, { tools: [...tools], ...(nextCursor === undefined ? {} : { nextCursor }) }),
  ];
}

/** Each page is a tools/list exchange; a judged tool is a page listing it at its index (earlier places filled); a list change is the server's notification. */
function toCase(events: readonly AnyEventObject[]): CaseSkeleton {
  const ids = new IdCounter(2);
  const steps: Step[] = [];
  for (const e of events as readonly ToolListingEvent[]) {
    switch (e.type) {
      case 'page': steps.push(...listing(ids.take(), e.cursor, e.names.map(tool), e.nextCursor)); break;
      case 'tool': steps.push(...listing(ids.take(), e.cursor, [...Array.from({ length: e.index }, (_, i) => tool(`filler_${i}`)), tool(e.name)], undefined)); break;
      case 'list_changed': steps.push(notification('server_to_client', 'notifications/tools/list_changed', {})); break;
    }
  }
  return { setup: 'ready', serverCapabilities: { tools: { listChanged: true } }, steps };
}

/** The tool listing's model: a two-page listing, a page under a cursor it never gave, a repeated name, a list change. */
export function toolListingModel(): MachineModel {
  return {
    name: 'toolListing',
    machine: toolListingMachine,
    input: undefined,
    events: (snapshot) => (snapshot.status === 'active' ? EVENTS : []),
    serialize,
    toCase,
    home: { profile: '2025-11-25', fixture: 'spec-2025-11-25/course-contrasts.json' },
    // The course profile judges calls against the declared tool only and never lists into this chart.
    runsUnder: (profile) => !profileFacts(profile).declaredToolsOnly,
  };
}
