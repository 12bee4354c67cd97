// Why: the inspector's step list names each message the way every other output does (the judge's
// label: `tools/call`, `tools/call result`, `ping error`), with its direction and id. The frames
// come from callers that pass on the step and its findings but not that label, so this names the
// steps with the judge's own request memory (judge/judge.ts), kept the way the judge keeps it: a
// request is remembered for its answer unless it was rejected while another request holds its id.
import { RequestMemory, responseLabel } from '../judge/judge.ts';
import type { Step } from '../machines/session.ts';
import { OPPOSITE, type Direction } from '../validators/context.ts';
import { isRequestId, type RequestId } from '../validators/envelope.ts';
import { isJsonObject } from '../validators/shape.ts';

/** What the step list shows of a message: the judge's label, its direction, and its id as written. */
export interface StepName {
  /** The judge's label (Judged.label); null for a control event or a message that names nothing. */
  readonly name: string | null;
  readonly direction: Direction | null;
  /** The message's id as JSON text (`3`, `"abc"`); null when it has none. */
  readonly id: string | null;
}

/** Whether the request `id` sent in `direction` is still pending after the step. */
export type IsPending = (direction: Direction, id: RequestId) => boolean;

/** Names the steps of one session, in the order the session was fed them. */
export class StepNamer {
  readonly #requests = new RequestMemory();

  /** Names `step`, placed at `at`; `rejected`: an error finding rejected it; `pending`: the session's pending requests after it. */
  name(step: Step, at: number, rejected: boolean, pending: IsPending): StepName {
    if ('control_event' in step) return { name: null, direction: null, id: null };
    const message = isJsonObject(step.message) ? step.message : undefined;
    const method = typeof message?.['method'] === 'string' ? message['method'] : undefined;
    const raw = message?.['id'];
    const id = isRequestId(raw) ? raw : undefined;
    const idText = id === undefined ? null : typeof id === 'string' ? JSON.stringify(id) : String(id);
    if (method !== undefined) {
      if (id !== undefined && !(rejected && pending(step.direction, id))) this.#requests.request(step.direction, id, method, message?.['params'], at);
      return { name: method, direction: step.direction, id: idText };
    }
    const answered = id === undefined ? undefined : this.#requests.get(OPPOSITE[step.direction], id);
    return { name: answered === undefined ? null : responseLabel(answered.method, message), direction: step.direction, id: idText };
  }
}

/** An IsPending reading a session view's pending lists (which show a bigint id as a number). */
export function pendingIn(pending: Readonly<Record<Direction, readonly { id: string | number }[]>>): IsPending {
  return (direction, id) => {
    const shown = typeof id === 'bigint' ? Number(id) : id;
    return pending[direction].some((p) => p.id === shown);
  };
}
