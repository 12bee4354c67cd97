// Why: a scenario's steps run inside a live check, after what the driver does of its own, in either
// era. The driver hands them this small client: requests sent the way its era sends them, the
// refusal a careful client gives its own invalid request (never sent, so the checker never blames
// a server for what it did itself), and the recorder's findings, so the steps' verdicts land in
// the same trace as the session's.
import type { RuleSpec } from '../validators/rules/rule.ts';
import type { JsonObject, Profile } from '../validators/context.ts';
import { methodTable } from '../validators/methods.ts';
import type { Answer } from './exchange.ts';
import type { Listed } from './list-items.ts';
import type { LiveRecorder } from './recorder.ts';
import { ruleById } from '../validators/rules/index.ts';
import { listedToolsContext } from '../machines/tool-catalogue.ts';

/** Why the client does not send a request of its own: the first error the session would find in it. */
export interface Refusal {
  readonly rule: string;
  /** Where in the request's params (`/arguments/city`). */
  readonly pointer: string;
  readonly message: string;
}

/** What a driver gives the steps run after its own requests. */
export interface StepClient {
  /** Sends one request as the era's driver does and waits for its answer (or the time limit). */
  request(method: string, params: JsonObject): Promise<Answer>;
  /** Why the client would not send this request (it breaks the params' schema or a listed tool's inputSchema), or undefined. */
  refusal(method: string, params: JsonObject): Refusal | undefined;
  /** Records a finding at an event of the run (null: the run as a whole). */
  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void;
}

/** Runs steps through a step client; false when the connection ended. */
export type StepRunner = (client: StepClient) => Promise<boolean>;

/**
 * The step client of one driver: `send` is how its era sends a request, `asSent` the params as it
 * sends them (2026-07-28: with the request's own _meta), so a refusal judges what would go out.
 */
export function stepClient(recorder: LiveRecorder, listed: Listed, profile: Profile, send: (method: string, params: JsonObject) => Promise<Answer>, asSent: (params: JsonObject) => JsonObject = (p) => p): StepClient {
  const tools = new Map(listed.tools.filter((t) => typeof t['name'] === 'string').map((t) => [t['name'] as string, t]));
  const ctx = listedToolsContext(profile, tools);
  return {
    request: send,
    refusal(method, params) {
      const spec = methodTable(profile).get(method);
      if (spec === undefined || spec.kind !== 'request' || spec.sender === 'server') {
        return { rule: ruleById('envelope/unknown-method').id, pointer: '', message: `${method} is no request a client sends in MCP ${profile.revision}` };
      }
      const validate = spec.validators.params;
      const rejected = (validate === undefined ? [] : validate(asSent(params), '', ctx)).find((f) => f.severity === 'error');
      return rejected === undefined ? undefined : { rule: rejected.rule, pointer: rejected.pointer, message: rejected.message };
    },
    finding: (rule, event, pointer, message) => recorder.finding(rule, event, pointer, message),
  };
}
