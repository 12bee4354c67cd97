// Why: a scenario's steps run inside a live check, after the driver's own requests, through the
// step client the driver hands over: every message is judged by the session as any other, and the
// user's expectation is compared with the answer beside it. A difference is a finding of its own
// (scenario/expectation-mismatch, the user's expectation, not the specification) placed on the
// answer, naming the scenario, the step and the member; a step the client would not send is not
// sent, and the check could not run (the step's place in the file is named).
import type { Answer } from '../live/exchange.ts';
import type { Refusal, StepClient, StepRunner } from '../live/step-client.ts';
import type { JsonObject } from '../validators/context.ts';
import { ruleById } from '../validators/rules/index.ts';
import { mismatches, type Mismatch } from './expectation.ts';
import type { Expectation, Scenario, ScenarioStep } from './scenario-format.ts';
import { snapshotOf } from './snapshot.ts';

/** What became of one step. */
export interface StepOutcome {
  readonly scenario: number;
  readonly step: number;
  /** How the request ended (`not-sent`: the client would not send it). */
  readonly answer: Answer['kind'] | 'not-sent';
  /** The snapshot of its answer (a result or an error). */
  readonly observed?: Expectation;
  /** Why it was not sent, its pointer into the scenario file. */
  readonly refused?: Refusal & { readonly filePointer: string };
  /** The differences found (none with --update-snapshots: the file takes the answer instead). */
  readonly mismatches: readonly Mismatch[];
}

/** How scenarios are played. */
export interface PlayOptions {
  /** Take each answer as the step's new expectation instead of comparing (--update-snapshots). */
  readonly update?: boolean;
}

const MAX_SHOWN = 120;

/** A value as a finding shows it: JSON, bounded. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}...` : text;
}

/** How a finding names a step: `scenario "basics" step 2 (call forecast)`. */
export function stepName(scenario: Scenario, index: number): string {
  return `scenario ${JSON.stringify(scenario.name)} step ${index} (${scenario.steps[index]?.label ?? ''})`;
}

/** Where a refusal of the request's params points in the scenario file. */
function filePointer(step: ScenarioStep, index: number, pointer: string): string {
  const at = `/steps/${index}`;
  if (step.method === 'tools/call' || step.method === 'prompts/get') {
    if (pointer === '/name') return `${at}/${step.method === 'tools/call' ? 'call' : 'prompt'}`;
    if (pointer.startsWith('/arguments')) return `${at}${pointer}`;
  }
  if (step.method === 'resources/read' && pointer === '/uri') return `${at}/read`;
  if (step.method === 'completion/complete' && pointer !== '') return `${at}/complete${pointer}`;
  if (pointer === '') return `${at}/${step.label.split(' ')[0]}`;
  return at;
}

/** The plays of a check's scenarios: the step runner handed to the driver, and what each step did. */
export class ScenarioPlay {
  readonly #scenarios: readonly Scenario[];
  readonly #options: PlayOptions;
  #outcomes: StepOutcome[] = [];

  constructor(scenarios: readonly Scenario[], options: PlayOptions = {}) {
    this.#scenarios = scenarios;
    this.#options = options;
  }

  /** What each step did in the latest run, in order. */
  get outcomes(): readonly StepOutcome[] {
    return this.#outcomes;
  }

  /** The step runner for the driver (each run starts its outcomes afresh). */
  readonly run: StepRunner = async (client) => {
    this.#outcomes = [];
    for (const [s, scenario] of this.#scenarios.entries()) {
      for (const [i, step] of scenario.steps.entries()) {
        if (!(await this.#step(client, s, scenario, i, step))) return false;
      }
    }
    return true;
  };

  async #step(client: StepClient, s: number, scenario: Scenario, i: number, step: ScenarioStep): Promise<boolean> {
    const refusal = client.refusal(step.method, step.params);
    if (refusal !== undefined) {
      this.#outcomes.push({ scenario: s, step: i, answer: 'not-sent', refused: { ...refusal, filePointer: filePointer(step, i, refusal.pointer) }, mismatches: [] });
      return true;
    }
    const answer = await client.request(step.method, step.params);
    const observed = answer.kind === 'result' ? snapshotOf({ result: answer.result }, step.ignore) : answer.kind === 'error' ? snapshotOf({ error: answer.error }, step.ignore) : undefined;
    const found = this.#options.update === true || step.expect === undefined ? [] : this.#compare(client, scenario, i, step, answer);
    this.#outcomes.push({ scenario: s, step: i, answer: answer.kind, ...(observed === undefined ? {} : { observed }), mismatches: found });
    return answer.kind !== 'ended';
  }

  /** Compares an answer with the step's expectation; each difference is a finding on the answer. */
  #compare(client: StepClient, scenario: Scenario, i: number, step: ScenarioStep, answer: Answer): Mismatch[] {
    const rule = ruleById('scenario/expectation-mismatch');
    const expect = step.expect as Expectation;
    const wanted = 'result' in expect ? 'result' : 'error';
    const name = stepName(scenario, i);
    if (answer.kind !== 'result' && answer.kind !== 'error') {
      const why = answer.kind === 'timeout' ? 'no answer within the time limit' : answer.kind === 'failed' ? `no answer: ${answer.reason}` : 'no answer: the connection ended';
      client.finding(rule, null, '', `${name}: expected a ${wanted} but received ${why} (the scenario's /steps/${i}/expect)`);
      return [{ pointer: '', expected: expect[wanted as keyof Expectation], received: undefined }];
    }
    if (answer.kind !== wanted) {
      const got = answer.kind === 'result' ? answer.result : answer.error;
      client.finding(rule, answer.event, `/message/${answer.kind}`, `${name}: expected a ${wanted} but received a${answer.kind === 'error' ? 'n' : ''} ${answer.kind} ${shown(got)} (the scenario's /steps/${i}/expect/${wanted})`);
      return [{ pointer: '', expected: expect[wanted as keyof Expectation], received: got, what: 'type' }];
    }
    const received: JsonObject = answer.kind === 'result' ? answer.result : answer.error;
    const found = mismatches((expect as Record<string, unknown>)[wanted], received, new Set(step.ignore));
    for (const m of found) {
      const what = m.what === 'length' ? `${shown(m.expected)} items but received ${shown(m.received)}` : `${shown(m.expected)} but received ${shown(m.received)}`;
      client.finding(rule, answer.event, `/message/${wanted}${m.pointer}`, `${name} at /${wanted}${m.pointer}: expected ${what} (the scenario's /steps/${i}/expect/${wanted}${m.pointer})`);
    }
    return found;
  }
}
