/**
 * Tasks (experimental in 2025-11-25): Task snapshots, the task metadata of a task-augmented
 * request, CreateTaskResult and tasks/list. Only bounded structure is checked: not who may see a
 * task, nor its state transitions.
 */
import * as v from 'valibot';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isIsoTimestamp } from './format.ts';
import { collectPageSize, validateCursorParams, validateNextCursor } from './pagination.ts';
import { isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './resource-contents.ts';
import { finding } from './rules/report.ts';
import { tasksRules as R } from './rules/tasks.ts';
import { checkSchema } from './schema-check.ts';

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

function taskSchema(strict: boolean): v.GenericSchema {
  return objectSchema(
    {
      taskId: v.pipe(v.string(), v.minLength(1)),
      status: v.picklist(TASK_STATUSES),
      statusMessage: v.optional(v.string()),
      createdAt: DateTimeSchema,
      lastUpdatedAt: DateTimeSchema,
      ttl: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
      pollInterval: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    },
    strict,
  );
}

function metadataSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ ttl: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }, strict);
}

function createResultSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ task: v.unknown(), _meta: v.optional(MetaSchema) }, strict);
}

function listResultSchema(strict: boolean): v.GenericSchema {
  return objectSchema({ tasks: v.array(v.unknown()), nextCursor: v.optional(v.unknown()), _meta: v.optional(MetaSchema) }, strict);
}

function schemaSet(strict: boolean) {
  return {
    task: taskSchema(strict),
    metadata: metadataSchema(strict),
    createResult: createResultSchema(strict),
    listResult: listResultSchema(strict),
  };
}

const STRICT = schemaSet(true);
const LOOSE = schemaSet(false);

function schemas(ctx: ValidationContext): typeof STRICT {
  return ctx.profile.strict ? STRICT : LOOSE;
}

function collectTask(task: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  for (const f of checkSchema(schemas(ctx).task, task, R.task, at, 'task')) out.push(f);
  if (!isJsonObject(task)) return;
  const created = task['createdAt'];
  const updated = task['lastUpdatedAt'];
  if (typeof created === 'string' && typeof updated === 'string' && isDateTime(created) && isDateTime(updated)) {
    if (Date.parse(updated) < Date.parse(created)) {
      out.push(finding(R['timestamp-order'], pointerJoin(at, 'lastUpdatedAt'),
        `Invalid task: Expected lastUpdatedAt not before createdAt (${created}) but received ${updated}`));
    }
  }
}

/** Validates one Task snapshot: id, status, timestamps, required ttl and optional pollInterval. */
export function validateTask(task: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectTask(task, at, ctx, out);
  return out.length > 0 ? out : NO_FINDINGS;
}

/** Validates the `task` member of a task-augmented request's params (`{ttl?}`). */
export function validateTaskMetadata(task: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  return checkSchema(schemas(ctx).metadata, task, R.metadata, at, 'task metadata');
}

/** Validates the CreateTaskResult that answers a task-augmented request. */
export function validateCreateTaskResult(result: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).createResult, result, R['create-result'], at, 'CreateTaskResult')];
  if (isJsonObject(result) && Object.hasOwn(result, 'task')) collectTask(result['task'], pointerJoin(at, 'task'), ctx, out);
  return out.length > 0 ? out : NO_FINDINGS;
}

/** Whether request params ask for task augmentation (carry a `task` member). */
export function isTaskAugmented(params: unknown): boolean {
  return isJsonObject(params) && params['task'] !== undefined;
}

function validateListTasksResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).listResult, result, R['list-result'], at, 'tasks/list result')];
  if (!isJsonObject(result)) return out.length > 0 ? out : NO_FINDINGS;
  for (const f of validateNextCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx)) out.push(f);
  const list = result['tasks'];
  if (!Array.isArray(list)) return out.length > 0 ? out : NO_FINDINGS;
  collectPageSize(list, pointerJoin(at, 'tasks'), ctx, out);
  const max = ctx.profile.limits.listItems;
  const tasks = max !== null && list.length > max ? list.slice(0, max) : list;
  const seen = new Set<string>();
  tasks.forEach((task: unknown, i) => {
    const taskAt = pointerJoin(at, 'tasks', i);
    collectTask(task, taskAt, ctx, out);
    const id = isJsonObject(task) ? task['taskId'] : undefined;
    if (typeof id !== 'string') return;
    if (seen.has(id)) {
      out.push(finding(R['duplicate-task-id'], pointerJoin(taskAt, 'taskId'), `Invalid tasks/list result: Expected unique task ids but received ${shown(id)} twice`));
    }
    seen.add(id);
  });
  return out.length > 0 ? out : NO_FINDINGS;
}

/** Validators of the tasks methods the course profile can check (`tasks/list`). */
export const tasksMethods: Readonly<Record<string, MethodValidators>> = {
  'tasks/list': {
    params: validateCursorParams,
    result: validateListTasksResult,
  },
};
