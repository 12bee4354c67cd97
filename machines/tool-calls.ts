import { emit, setup } from 'xstate';
import type { JsonObject, Profile, ValidationContext } from '../validators/context.ts';
import { pointerJoin, type Finding } from '../validators/finding.ts';
import { since20251125 } from '../validators/profile-schemas.ts';
import { isJsonObject, shown } from '../validators/shape.ts';
import { taskSupportOf } from '../validators/tool-descriptor.ts';
import { inputSchemaFindings, needsStructuredContent, outputSchemaFindings } from '../validators/tools.ts';
import type { IssueEvent } from './issue.ts';

/**
 * The tool descriptors the session knows, by name, as the chart reads them: the session's bounded
 * map (ToolMemory keeps it within TOOLS_BYTES, changing it in place once a listing is accepted),
 * held by reference, or a small map of its own for models and tests.
 */
export type KnownTools = ReadonlyMap<string, JsonObject>;

/** The tool catalogue a session judges tools/call traffic against. */
export interface ToolCallsContext {
  /** The profile calls are judged under (its strictness and revision choose the rules). */
  readonly profile: Profile;
  /** The descriptors known, by name. */
  readonly tools: KnownTools;
}

/** What the chart is created with: the profile and the descriptors map to read. */
export interface ToolCallsInput {
  readonly profile: Profile;
  readonly tools: KnownTools;
}

/** Events of the tool catalogue; `at` is the JSON Pointer of the call's params or of its result. */
export type ToolCallsEvent =
  /** The tools were declared up front: the catalogue is all the server offers. */
  | { readonly type: 'declared' }
  /**
   * A tools/list page was accepted and its descriptors kept: `paging` when it has a nextCursor (the
   * tools of pages not listed yet are the server's too), `overflowed` when descriptors were forgotten
   * past TOOLS_BYTES (then or before).
   */
  | { readonly type: 'listed'; readonly paging: boolean; readonly overflowed: boolean }
  /** A tools/call request whose name is a string, judged before the session accepts it: its name and arguments. */
  | { readonly type: 'call'; readonly params: JsonObject; readonly name: string; readonly at: string }
  /** The same request's task augmentation (or its absence), against the tool's execution.taskSupport. */
  | { readonly type: 'call.task'; readonly params: JsonObject; readonly name: string; readonly at: string }
  /** A tools/call result (not task-augmented) with its request's params. */
  | { readonly type: 'result'; readonly requestParams: unknown; readonly result: JsonObject; readonly at: string };

/** The rules the chart raises by name; the schema checks raise their own (`reportFindings`). */
export type ToolCallsRule = 'tools/unknown-tool' | 'tools/task-not-supported' | 'tools/task-required' | 'tools/structured-content-missing';

/** What `reportFindings` emits: the findings of a schema check of one message against the tool's descriptor. */
export interface FindingsEvent {
  readonly type: 'findings';
  readonly findings: readonly Finding[];
}

type CallEvent = Extract<ToolCallsEvent, { type: 'call' | 'call.task' }>;

/** The descriptor of the tool an event names, if known. */
function toolOf(context: ToolCallsContext, event: ToolCallsEvent): JsonObject | undefined {
  if (event.type === 'call' || event.type === 'call.task') return context.tools.get(event.name);
  if (event.type !== 'result' || !isJsonObject(event.requestParams)) return undefined;
  const name = event.requestParams['name'];
  return typeof name === 'string' ? context.tools.get(name) : undefined;
}

function validationOf(context: ToolCallsContext): ValidationContext {
  return { profile: context.profile, tools: context.tools };
}

/**
 * The schema findings of an event, computed once: the guard that finds them and the action that
 * reports them see the same event object (and the same context, which no transition assigns).
 */
const schemaFindings = new WeakMap<object, { readonly context: ToolCallsContext; readonly found: readonly Finding[] }>();

function schemaFindingsOf(context: ToolCallsContext, event: ToolCallsEvent): readonly Finding[] {
  const known = schemaFindings.get(event);
  if (known !== undefined && known.context === context) return known.found;
  const tool = toolOf(context, event);
  let found: readonly Finding[] = [];
  if (tool !== undefined && event.type === 'call') found = inputSchemaFindings(tool, event.params, event.at, validationOf(context));
  else if (tool !== undefined && event.type === 'result') found = outputSchemaFindings(tool, event.result, event.at, validationOf(context));
  schemaFindings.set(event, { context, found });
  return found;
}

/** The tool's execution.taskSupport, where the revision has task augmentation. */
function taskSupport(context: ToolCallsContext, event: ToolCallsEvent): unknown {
  const tool = toolOf(context, event);
  return tool === undefined || !since20251125(validationOf(context)) ? undefined : taskSupportOf(tool);
}

function issueFor(rule: ToolCallsRule, context: ToolCallsContext, event: ToolCallsEvent): IssueEvent {
  if (event.type === 'result') {
    return {
      type: 'issue',
      rule,
      pointer: pointerJoin(event.at, 'structuredContent'),
      message: 'Invalid tools/call result: Expected structuredContent conforming to the tool outputSchema (isError is not true) but received none',
    };
  }
  const call = event as CallEvent;
  switch (rule) {
    case 'tools/unknown-tool':
      return { type: 'issue', rule, pointer: pointerJoin(call.at, 'name'), message: `Invalid tool name: unknown tool ${shown(call.name)}; expected a tool the server offers` };
    case 'tools/task-not-supported':
      return {
        type: 'issue',
        rule,
        pointer: pointerJoin(call.at, 'task'),
        message: `Invalid tools/call params: Expected no task for tool ${shown(call.name)} (execution.taskSupport is "${String(taskSupport(context, event))}") but received one`,
      };
    default:
      return {
        type: 'issue',
        rule,
        pointer: call.at,
        message: `Invalid tools/call params: Expected a task for tool ${shown(call.name)} (execution.taskSupport is "required") but received none`,
      };
  }
}

/** A call's task against the tool's execution.taskSupport, whether or not the catalogue is complete. */
const TASK_SUPPORT = [
  { guard: 'refusesTask', actions: { type: 'reportIssue', params: { rule: 'tools/task-not-supported' } } },
  { guard: 'needsTask', actions: { type: 'reportIssue', params: { rule: 'tools/task-required' } } },
] as const;

/** A tools/call result against the tool's outputSchema, whether or not the catalogue is complete. */
const RESULT = [
  { guard: 'lacksStructuredContent', actions: { type: 'reportIssue', params: { rule: 'tools/structured-content-missing' } } },
  { guard: 'breaksOutputSchema', actions: 'reportFindings' },
] as const;

/**
 * The tool catalogue calls are judged against: the tools declared up front, then those the accepted
 * tools/list pages gave (within TOOLS_BYTES). It is `incomplete` until the tools are declared or a
 * listing is complete, and again while a listing is still paging or once descriptors were forgotten
 * past the bound: a call naming a tool not known may then name one the server offers. Only when it
 * is `complete` is a call naming an unknown tool a finding (`isUnknownTool`, the course profile's
 * reading: the tools page has the server answer an unknown tool, and forbids the client nothing). A
 * call to a known tool is judged against its descriptor: the arguments against its inputSchema
 * (`breaksInputSchema`), a task augmentation against its execution.taskSupport (`refusesTask`,
 * `needsTask`); a result against its outputSchema (`lacksStructuredContent`, `breaksOutputSchema`).
 * The schema checks of one message against a descriptor are validators' (validators/tools.ts): the
 * chart chooses the descriptor and reports what they find (`reportFindings`). Judging a call or a
 * result changes nothing: every such transition is targetless and assigns nothing.
 */
export const toolCallsMachine = setup({
  types: {
    context: {} as ToolCallsContext,
    events: {} as ToolCallsEvent,
    input: {} as ToolCallsInput,
    emitted: {} as IssueEvent | FindingsEvent,
  },
  guards: {
    leavesGaps: ({ event }) => event.type === 'listed' && (event.paging || event.overflowed),
    isUnknownTool: ({ context, event }) => event.type === 'call' && context.profile.strict && toolOf(context, event) === undefined,
    breaksInputSchema: ({ context, event }) => event.type === 'call' && schemaFindingsOf(context, event).length > 0,
    refusesTask: ({ context, event }) => {
      if (event.type !== 'call.task' || event.params['task'] === undefined || toolOf(context, event) === undefined) return false;
      const support = taskSupport(context, event);
      return since20251125(validationOf(context)) && support !== 'optional' && support !== 'required';
    },
    needsTask: ({ context, event }) => event.type === 'call.task' && event.params['task'] === undefined && taskSupport(context, event) === 'required',
    lacksStructuredContent: ({ context, event }) => {
      if (event.type !== 'result') return false;
      const tool = toolOf(context, event);
      return tool !== undefined && needsStructuredContent(tool, event.result);
    },
    breaksOutputSchema: ({ context, event }) => event.type === 'result' && schemaFindingsOf(context, event).length > 0,
  },
  actions: {
    reportIssue: emit(({ context, event }, params: { rule: ToolCallsRule }) => issueFor(params.rule, context, event)),
    /** The findings of a schema check, each with its own rule and pointer, in their order. */
    reportFindings: emit(({ context, event }): FindingsEvent => ({ type: 'findings', findings: schemaFindingsOf(context, event) })),
  },
}).createMachine({
  id: 'toolCalls',
  context: ({ input }) => ({ profile: input.profile, tools: input.tools }),
  initial: 'incomplete',
  states: {
    incomplete: {
      description: 'No tools were declared, a listing is still paging, or descriptors were forgotten past the bound: a call may name a tool not known.',
      on: {
        declared: { target: 'complete' },
        listed: [{ guard: 'leavesGaps', target: 'incomplete' }, { target: 'complete' }],
        call: { guard: 'breaksInputSchema', actions: 'reportFindings' },
        'call.task': TASK_SUPPORT,
        result: RESULT,
      },
    },
    complete: {
      description: 'The tools known are all the server offers: a call naming another is unknown (in the course profile).',
      on: {
        listed: [{ guard: 'leavesGaps', target: 'incomplete' }, { target: 'complete' }],
        call: [
          { guard: 'isUnknownTool', actions: { type: 'reportIssue', params: { rule: 'tools/unknown-tool' } } },
          { guard: 'breaksInputSchema', actions: 'reportFindings' },
        ],
        'call.task': TASK_SUPPORT,
        result: RESULT,
      },
    },
  },
});
