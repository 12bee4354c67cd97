import type { Step } from '../../machines/session.ts';
import type { Direction, JsonObject } from '../../validators/context.ts';
import type { RequestId } from '../../validators/envelope.ts';
import { RELATED_TASK_KEY, type TaskStatus } from '../../validators/tasks.ts';

// Wire payloads of the spec-profile skeletons. They list their own tool (no arguments, tasks
// optional) instead of calling the fixture's, whose arguments would have to satisfy its schema.

/** The tool a skeleton lists before calling it. */
export const SAMPLE_TOOL: JsonObject = {
  name: 'long_job',
  description: 'A job that runs long enough to report progress, be cancelled or run as a task.',
  inputSchema: { type: 'object' },
  execution: { taskSupport: 'optional' },
};

/** Server capabilities a skeleton that lists and calls the tool (as a task too) declares. */
export const TOOL_SERVER_CAPABILITIES: JsonObject = {
  tools: {},
  tasks: { list: {}, cancel: {}, requests: { tools: { call: {} } } },
};

const STAMP = '2026-01-01T00:00:00Z';

/** A request message. */
export function request(direction: Direction, id: RequestId, method: string, params?: JsonObject): Step {
  return { direction, message: { jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) } };
}

/** A result message answering `id`. */
export function result(direction: Direction, id: RequestId, value: JsonObject): Step {
  return { direction, message: { jsonrpc: '2.0', id, result: value } };
}

/** An error response to `id`. */
export function failure(direction: Direction, id: RequestId): Step {
  return { direction, message: { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error' } } };
}

/** A notification message. */
export function notification(direction: Direction, method: string, params: JsonObject): Step {
  return { direction, message: { jsonrpc: '2.0', method, params } };
}

/** The client's tools/list and the server's answer listing {@link SAMPLE_TOOL}. */
export function listTool(id: RequestId): Step[] {
  return [request('client_to_server', id, 'tools/list'), result('server_to_client', id, { tools: [SAMPLE_TOOL] })];
}

/** The client's tools/call of {@link SAMPLE_TOOL}, task-augmented and carrying a progress token when asked. */
export function callTool(id: RequestId, options: { task?: boolean; progressToken?: string | number } = {}): Step {
  return request('client_to_server', id, 'tools/call', {
    name: SAMPLE_TOOL['name'] as string,
    arguments: {},
    ...(options.task ? { task: { ttl: 60000 } } : {}),
    ...(options.progressToken === undefined ? {} : { _meta: { progressToken: options.progressToken } }),
  });
}

/** The tool's (untasked) result, with related-task metadata when it is a task's final result. */
export function toolResult(taskId?: string): JsonObject {
  return {
    content: [{ type: 'text', text: 'done' }],
    ...(taskId === undefined ? {} : { _meta: { [RELATED_TASK_KEY]: { taskId } } }),
  };
}

/** A Task in `status`. */
export function taskObject(taskId: string, status: TaskStatus): JsonObject {
  return { taskId, status, createdAt: STAMP, lastUpdatedAt: STAMP, ttl: 60000 };
}
