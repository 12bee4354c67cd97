// Why: a real host's session is the best regression test a server author can get. `tap
// --record-scenario` turns the requests a client made through the tap into a scenario file: each
// request a step can make, in order, its answer as the step's expect (a snapshot), so running the
// file against the next build shows what changed. What a step cannot make (the handshake,
// notifications, subscriptions, tasks) is left out; a 2026-07-28 request's own _meta is left out.
import { stringify } from 'yaml';
import type { Trace } from '../trace/trace-schema.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { LIST_STEPS, MAX_STEPS, type Expectation } from './scenario-format.ts';
import { snapshotOf } from './snapshot.ts';

const LIST_OF: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(LIST_STEPS).map(([list, method]) => [method, list]));

/** The step a client request becomes, without its expect; undefined when no step makes it. */
function stepOf(method: string, params: JsonObject): JsonObject | undefined {
  const { _meta: _, ...own } = params;
  switch (method) {
    case 'tools/call':
      return typeof own['name'] === 'string' ? { call: own['name'], arguments: isJsonObject(own['arguments']) ? own['arguments'] : {} } : undefined;
    case 'resources/read':
      return typeof own['uri'] === 'string' ? { read: own['uri'] } : undefined;
    case 'prompts/get':
      return typeof own['name'] === 'string' ? { prompt: own['name'], ...(isJsonObject(own['arguments']) ? { arguments: own['arguments'] } : {}) } : undefined;
    case 'completion/complete':
      return { complete: own };
    case 'ping':
      return { ping: true };
    default: {
      const list = LIST_OF[method];
      if (list === undefined) return undefined;
      return { list, ...(typeof own['cursor'] === 'string' ? { cursor: own['cursor'] } : {}) };
    }
  }
}

function idKey(id: unknown): string | undefined {
  return typeof id === 'string' ? `s:${id}` : typeof id === 'number' ? `n:${id}` : undefined;
}

/** The scenario of the client requests a trace holds (at most MAX_STEPS), each with its answer as expect. */
export function scenarioFromTrace(trace: Trace, name: string): JsonObject {
  type Step = Record<string, unknown>;
  const steps: Step[] = [];
  const pending = new Map<string, Step>();
  const lastOf = new Map<string, Step>();
  for (const event of trace.events) {
    if (event.kind !== 'message' || !isJsonObject(event.message)) continue;
    const message = event.message;
    const key = idKey(message['id']);
    if (event.direction === 'client_to_server' && typeof message['method'] === 'string' && key !== undefined) {
      const params = isJsonObject(message['params']) ? message['params'] : {};
      // A 2026-07-28 retry (input_required answered) is the same step: its answer is the step's.
      if ('requestState' in params || 'inputResponses' in params) {
        const earlier = lastOf.get(message['method']);
        if (earlier !== undefined) pending.set(key, earlier);
        continue;
      }
      const step: Step | undefined = steps.length < MAX_STEPS ? { ...stepOf(message['method'], params) } : undefined;
      if (step !== undefined && Object.keys(step).length === 0) continue;
      if (step === undefined) continue;
      steps.push(step);
      pending.set(key, step);
      lastOf.set(message['method'], step);
    } else if (event.direction === 'server_to_client' && key !== undefined && !('method' in message)) {
      const step = pending.get(key);
      if (step === undefined) continue;
      pending.delete(key);
      const expect: Expectation | undefined = isJsonObject(message['result']) ? snapshotOf({ result: message['result'] }, []) : isJsonObject(message['error']) ? snapshotOf({ error: message['error'] }, []) : undefined;
      if (expect !== undefined) step['expect'] = expect;
    }
  }
  return { name, steps };
}

/** The scenario's text in the file's language (YAML for `.yaml`, `.yml`; JSON otherwise). */
export function scenarioText(scenario: JsonObject, yaml: boolean): string {
  return yaml ? stringify(scenario) : JSON.stringify(scenario, null, 2) + '\n';
}
