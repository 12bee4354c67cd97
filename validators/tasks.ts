/**
 * Tasks (experimental in 2025-11-25): Task snapshots, the task metadata of a task-augmented
 * request, CreateTaskResult, the task methods and related-task metadata. Only bounded structure
 * is checked here: not who may see a task, nor its state transitions (machines/task.ts).
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isIsoTimestamp } from './format.ts';
import { collectPageSize, validateCursorParams, validateNextCursor } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { strictOrLoose } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';

/** Whether `s` is an ISO 8601 / RFC 3339 date-time with a time zone (a date alone is not enough). */
export function isDateTime(s: string): boolean {
  return s.length > 10 && isIsoTimestamp(s);
}

const DateTimeSchema = v.pipe(
  v.string(),
  v.check(isDateTime, (i) => `Invalid date-time: Expected an ISO 8601 date-time with a zone but received ${shown(i.input)}`),
);

/** The statuses a task may report. */
export const TASK_STATUSES = ['working', 'input_required', 'completed', 'failed', 'cancelled'] as const;

/** A status a task may report. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** The `_meta` key that associates a message with a task. */
export const RELATED_TASK_KEY = 'io.modelcontextprotocol/related-task';

/** Whether `status` is terminal: a task there never changes status again. */
export function isTerminalStatus(status: unknown): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** Whether `status` is one of the task statuses. */
export function isTaskStatus(status: unknown): status is TaskStatus {
  return typeof status === 'string' && (TASK_STATUSES as readonly string[]).includes(status);
}

const TASK_ENTRIES = {
  taskId: v.pipe(v.string(), v.minLength(1)),
  status: v.picklist(TASK_STATUSES),
  statusMessage: v.optional(v.string()),
  createdAt: DateTimeSchema,
  lastUpdatedAt: DateTimeSchema,
  ttl: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  pollInterval: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
};

/**
 * The course profile's Task snapshot, as its reference checks one (within the schema's types):
 * an open object, non-empty timestamps it does not parse, and a pollInterval that may be 0.
 */
const COURSE_TASK_ENTRIES = {
  ...TASK_ENTRIES,
  createdAt: v.pipe(v.string(), v.minLength(1)),
  lastUpdatedAt: v.pipe(v.string(), v.minLength(1)),
  pollInterval: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
};

function taskEntries(strict: boolean): typeof TASK_ENTRIES | typeof COURSE_TASK_ENTRIES {
  return strict ? COURSE_TASK_ENTRIES : TASK_ENTRIES;
}

function taskSchema(strict: boolean): v.GenericSchema {
  return objectSchema(taskEntries(strict), false);
}

/** A Task that is also a result or notification params: the Task fields and `_meta`. */
function taskWithMetaSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ ...taskEntries(strict), _meta: v.optional(MetaSchema) }, false);
}

function taskParamsSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ taskId: v.string(), _meta: v.optional(MetaSchema) }, strict);
}

const RelatedTaskSchema = v.looseObject({ taskId: v.string() });

/** The course profile (`strict`) wants a positive ttl in exact `{ttl?}`. */
function metadataSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ ttl: v.optional(v.pipe(v.number(), v.integer(), v.minValue(strict ? 1 : 0))) }, strict);
}

function createResultSchema(): v.GenericSchema {
  return objectSchema({ task: v.unknown(), _meta: v.optional(MetaSchema) }, false);
}

function listResultSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ tasks: v.array(v.unknown()), nextCursor: v.optional(v.unknown()), _meta: v.optional(MetaSchema) }, strict);
}

function schemaSet(strict: boolean) {
  return {
    task: taskSchema(strict),
    taskWithMeta: taskWithMetaSchema(strict),
    taskParams: taskParamsSchema(strict),
    metadata: metadataSchema(strict),
    createResult: createResultSchema(),
    listResult: listResultSchema(strict),
  };
}

/** The schemas of the profile's strictness, built on first use. */
const schemas = strictOrLoose(schemaSet);

function collectTask(task: unknown, at: string, ctx: ValidationContext, out: Finding[], schema = schemas(ctx).task): void {
  for (const f of checkSchema(schema, task, ruleById('tasks/task'), at, 'task')) out.push(f);
  if (!isJsonObject(task)) return;
  const created = task['createdAt'];
  const updated = task['lastUpdatedAt'];
  if (typeof created === 'string' && typeof updated === 'string' && isDateTime(created) && isDateTime(updated)) {
    if (Date.parse(updated) < Date.parse(created)) {
      out.push(finding(ruleById('tasks/timestamp-order'), pointerJoin(at, 'lastUpdatedAt'),
        `Invalid task: Expected lastUpdatedAt not before createdAt (${created}) but received ${updated}`));
    }
  }
}

/** Validates one Task snapshot: id, status, timestamps, required ttl and optional pollInterval. */
export function validateTask(task: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectTask(task, at, ctx, out);
  return findingsOf(out);
}

/** Validates the `task` member of a task-augmented request's params (`{ttl?}`). */
export function validateTaskMetadata(task: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(schemas(ctx).metadata, task, ruleById('tasks/metadata'), at, 'task metadata');
}

/** Validates the CreateTaskResult that answers a task-augmented request. */
export function validateCreateTaskResult(result: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).createResult, result, ruleById('tasks/create-result'), at, 'CreateTaskResult')];
  if (isJsonObject(result) && Object.hasOwn(result, 'task')) collectTask(result['task'], pointerJoin(at, 'task'), ctx, out);
  return findingsOf(out);
}

/** Whether request params ask for task augmentation (carry a `task` member). */
export function isTaskAugmented(params: unknown): boolean {
  return isJsonObject(params) && params['task'] !== undefined;
}

function validateListTasksResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).listResult, result, ruleById('tasks/list-result'), at, 'tasks/list result')];
  if (!isJsonObject(result)) return findingsOf(out);
  for (const f of validateNextCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx)) out.push(f);
  const list = result['tasks'];
  if (!Array.isArray(list)) return findingsOf(out);
  collectPageSize(list, pointerJoin(at, 'tasks'), ctx, out);
  const max = ctx.profile.limits.listItems;
  const tasks = max !== null && list.length > max ? list.slice(0, max) : list;
  const seen = new Set<string>();
  tasks.forEach((task: unknown, i) => {
    const taskAt = pointerJoin(at, 'tasks', i);
    collectTask(task, taskAt, ctx, out);
    const id = isJsonObject(task) ? task['taskId'] : undefined;
    // The course profile checks each snapshot alone, as its reference does.
    if (typeof id !== 'string' || ctx.profile.strict) return;
    if (seen.has(id)) {
      out.push(finding(ruleById('tasks/duplicate-task-id'), pointerJoin(taskAt, 'taskId'), `Invalid tasks/list result: Expected unique task ids but received ${shown(id)} twice`));
    }
    seen.add(id);
  });
  return findingsOf(out);
}

/** Validates tasks/get, tasks/result and tasks/cancel params: `{taskId, _meta?}`. */
export function validateTaskParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(schemas(ctx).taskParams, params, ruleById('tasks/task-params'), at, 'task params');
}

/** Validates a Task that is a result (tasks/get, tasks/cancel) or notification params (notifications/tasks/status). */
export function validateTaskWithMeta(task: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectTask(task, at, ctx, out, schemas(ctx).taskWithMeta);
  return findingsOf(out);
}

/** Validates `_meta["io.modelcontextprotocol/related-task"]`, when present: `{taskId}`. `at` points at the `_meta` object. */
export function validateRelatedTask(meta: unknown, at: string): readonly Finding[] {
  if (!isJsonObject(meta) || !Object.hasOwn(meta, RELATED_TASK_KEY)) return NO_FINDINGS;
  return checkSchema(RelatedTaskSchema, meta[RELATED_TASK_KEY], ruleById('tasks/related-task'), pointerJoin(at, RELATED_TASK_KEY), 'related-task metadata');
}

/**
 * A tasks/get or tasks/cancel result describes the task its request asked about: the answer and
 * the request it answers decide, whatever came before. `requestParams` are the request's params.
 */
export function validateTaskIdEcho(method: string, requestParams: unknown, result: unknown): Finding | undefined {
  if (method !== 'tasks/get' && method !== 'tasks/cancel') return undefined;
  const asked = isJsonObject(requestParams) ? requestParams['taskId'] : undefined;
  const described = isJsonObject(result) ? result['taskId'] : undefined;
  if (typeof asked !== 'string' || typeof described !== 'string' || described === asked) return undefined;
  return finding(ruleById('tasks/task-id-mismatch'), '/message/result/taskId',
    `${method} asked for task ${JSON.stringify(asked)} but the result describes ${JSON.stringify(described)}`);
}

/** The task id named by a message's related-task metadata, if it names one. */
export function relatedTaskId(meta: unknown): string | undefined {
  const related = isJsonObject(meta) ? meta[RELATED_TASK_KEY] : undefined;
  const id = isJsonObject(related) ? related['taskId'] : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Validates a tasks/result result as far as it can be without the task: a JSON object whose
 * related-task metadata names the requested task. The underlying request's result validator is
 * applied by the task machine, which knows the original method.
 */
function validateTaskPayloadResult(result: unknown, at: string, requestParams: unknown): readonly Finding[] {
  if (!isJsonObject(result)) {
    return [finding(ruleById('tasks/payload-result'), at, `Invalid tasks/result result: Expected Object but received ${shown(result)}`)];
  }
  const metaAt = pointerJoin(at, '_meta');
  const meta = result['_meta'];
  if (meta !== undefined && !isJsonObject(meta)) {
    return [finding(ruleById('tasks/payload-result'), metaAt, `Invalid tasks/result result: Expected _meta to be an Object but received ${shown(meta)}`)];
  }
  const shape = validateRelatedTask(meta, metaAt);
  if (shape.length > 0) return shape;
  const wanted = isJsonObject(requestParams) ? requestParams['taskId'] : undefined;
  const named = relatedTaskId(meta);
  if (named === undefined) {
    return [finding(ruleById('tasks/payload-result'), pointerJoin(metaAt, RELATED_TASK_KEY),
      `Invalid tasks/result result: Expected ${RELATED_TASK_KEY} metadata naming task ${shown(wanted)} but received none`)];
  }
  if (typeof wanted === 'string' && named !== wanted) {
    return [finding(ruleById('tasks/payload-result'), pointerJoin(metaAt, RELATED_TASK_KEY, 'taskId'),
      `Invalid tasks/result result: Expected related task ${shown(wanted)} but received ${shown(named)}`)];
  }
  return NO_FINDINGS;
}

function validateTaskResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  return validateTaskWithMeta(result, at, ctx);
}

/** Validators of the tasks methods: tasks/list (also in the course profile), tasks/get, tasks/result, tasks/cancel and notifications/tasks/status. */
export const tasksMethods: Readonly<Record<string, MethodValidators>> = {
  'tasks/list': {
    params: validateCursorParams,
    result: validateListTasksResult,
  },
  'tasks/get': { params: validateTaskParams, result: validateTaskResult },
  'tasks/result': { params: validateTaskParams, result: validateTaskPayloadResult },
  'tasks/cancel': { params: validateTaskParams, result: validateTaskResult },
  // The course profile's reference reads no member of the status params: they need only be an object.
  'notifications/tasks/status': {
    params: (params, at, ctx) => (ctx.profile.strict
      ? checkSchema(MetaSchema, params, ruleById('tasks/task'), at, 'notifications/tasks/status params')
      : validateTaskWithMeta(params, at, ctx)),
  },
};
