// Why: a scenario file is the user's own test of a server: requests to make after the handshake
// and what each answer should hold. It is read strictly (a member this format does not define is
// an error, named by its JSON Pointer) so that a typo never silently turns an expectation off.
import { InputError } from '../files/input-error.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The lists a `list` step may ask for, and the method of each. */
export const LIST_STEPS = { tools: 'tools/list', resources: 'resources/list', prompts: 'prompts/list', resourceTemplates: 'resources/templates/list' } as const;

/** The members that name a step's request: exactly one per step. */
export const STEP_KINDS = ['call', 'read', 'prompt', 'list', 'complete', 'ping'] as const;

/** What a step's answer should hold: a partial result, or a partial error. */
export type Expectation = { readonly result: JsonObject } | { readonly error: JsonObject };

/** One step: the request it makes, what it expects, and the pointers left out of the comparison. */
export interface ScenarioStep {
  readonly method: string;
  readonly params: JsonObject;
  /** What the step did, for people: `call forecast`, `list tools`. */
  readonly label: string;
  readonly expect?: Expectation;
  /** JSON Pointers into the answer's result or error, left out of the comparison and of snapshots. */
  readonly ignore: readonly string[];
  /** The step as written in the file (recorded in the trace). */
  readonly source: JsonObject;
}

/** A scenario as read from its file. */
export interface Scenario {
  readonly name: string;
  readonly steps: readonly ScenarioStep[];
}

/** The most steps one scenario holds. */
export const MAX_STEPS = 1000;

const SCENARIO_MEMBERS = new Set(['name', 'description', 'steps']);
const COMMON_MEMBERS = ['expect', 'ignore', 'description'];
const KIND_MEMBERS: Readonly<Record<(typeof STEP_KINDS)[number], readonly string[]>> = {
  call: ['arguments'],
  read: [],
  prompt: ['arguments'],
  list: ['cursor'],
  complete: [],
  ping: [],
};

function invalid(pointer: string, problem: string): InputError {
  return new InputError(ruleById('cli/scenario-invalid').id, pointer, `scenario: ${problem} (at ${pointer || '/'})`);
}

/** Whether a text is a JSON Pointer (RFC 6901): empty, or `/`-separated tokens with `~` only as `~0` or `~1`. */
export function isJsonPointer(text: string): boolean {
  return text === '' || (text.startsWith('/') && !/~[^01]|~$/.test(text));
}

/** Reads a parsed scenario document; throws an InputError (cli/scenario-invalid) naming the bad member's pointer. */
export function readScenario(document: unknown): Scenario {
  if (!isJsonObject(document)) throw invalid('', 'a scenario file holds one JSON object (or YAML mapping)');
  for (const key of Object.keys(document)) if (!SCENARIO_MEMBERS.has(key)) throw invalid(`/${escape(key)}`, `a scenario has name, description and steps, not ${JSON.stringify(key)}`);
  const name = document['name'];
  if (typeof name !== 'string' || name === '') throw invalid('/name', 'a scenario needs a name (a non-empty string)');
  if (document['description'] !== undefined && typeof document['description'] !== 'string') throw invalid('/description', 'the description is a string');
  const steps = document['steps'];
  if (!Array.isArray(steps) || steps.length === 0) throw invalid('/steps', 'a scenario needs steps (a non-empty array)');
  if (steps.length > MAX_STEPS) throw invalid('/steps', `a scenario holds at most ${MAX_STEPS} steps, this one ${steps.length}`);
  return { name, steps: steps.map((step, i) => readStep(step, `/steps/${i}`)) };
}

function readStep(step: unknown, at: string): ScenarioStep {
  if (!isJsonObject(step)) throw invalid(at, 'a step is an object naming one request');
  const kinds = STEP_KINDS.filter((k) => k in step);
  if (kinds.length !== 1) throw invalid(at, `a step names exactly one of ${STEP_KINDS.join(', ')}${kinds.length > 1 ? `, not ${kinds.join(' and ')}` : ''}`);
  const kind = kinds[0]!;
  const allowed = new Set([kind, ...KIND_MEMBERS[kind], ...COMMON_MEMBERS]);
  for (const key of Object.keys(step)) if (!allowed.has(key)) throw invalid(`${at}/${escape(key)}`, `a ${kind} step has ${[...allowed].join(', ')}, not ${JSON.stringify(key)}`);
  if (step['description'] !== undefined && typeof step['description'] !== 'string') throw invalid(`${at}/description`, 'the description is a string');
  const request = stepRequest(kind, step, at);
  const expect = step['expect'] === undefined ? undefined : readExpect(step['expect'], `${at}/expect`);
  const ignore = readIgnore(step['ignore'], `${at}/ignore`);
  return { ...request, ignore, source: step, ...(expect === undefined ? {} : { expect }) };
}

function stepRequest(kind: (typeof STEP_KINDS)[number], step: JsonObject, at: string): { method: string; params: JsonObject; label: string } {
  const value = step[kind];
  const text = (what: string): string => {
    if (typeof value !== 'string' || value === '') throw invalid(`${at}/${kind}`, `${kind} names ${what} (a non-empty string)`);
    return value;
  };
  const args = (member: string, strings: boolean): JsonObject | undefined => {
    const given = step[member];
    if (given === undefined) return undefined;
    if (!isJsonObject(given)) throw invalid(`${at}/${member}`, `${member} is an object`);
    if (strings) for (const [k, v] of Object.entries(given)) if (typeof v !== 'string') throw invalid(`${at}/${member}/${escape(k)}`, 'a prompt\'s arguments are strings');
    return given;
  };
  switch (kind) {
    case 'call': {
      const name = text('the tool to call');
      return { method: 'tools/call', params: { name, arguments: args('arguments', false) ?? {} }, label: `call ${name}` };
    }
    case 'read': {
      const uri = text('the resource URI to read');
      return { method: 'resources/read', params: { uri }, label: `read ${uri}` };
    }
    case 'prompt': {
      const name = text('the prompt to get');
      const given = args('arguments', true);
      return { method: 'prompts/get', params: { name, ...(given === undefined ? {} : { arguments: given }) }, label: `prompt ${name}` };
    }
    case 'list': {
      if (typeof value !== 'string' || !Object.hasOwn(LIST_STEPS, value)) throw invalid(`${at}/list`, `list names one of ${Object.keys(LIST_STEPS).join(', ')}`);
      const cursor = step['cursor'];
      if (cursor !== undefined && typeof cursor !== 'string') throw invalid(`${at}/cursor`, 'a cursor is a string');
      return { method: LIST_STEPS[value as keyof typeof LIST_STEPS], params: cursor === undefined ? {} : { cursor }, label: `list ${value}` };
    }
    case 'complete': {
      if (!isJsonObject(value)) throw invalid(`${at}/complete`, 'complete holds the completion/complete params (ref and argument)');
      return { method: 'completion/complete', params: value, label: 'complete' };
    }
    case 'ping':
      if (value !== true && !(isJsonObject(value) && Object.keys(value).length === 0)) throw invalid(`${at}/ping`, 'ping is true');
      return { method: 'ping', params: {}, label: 'ping' };
  }
}

function readExpect(value: unknown, at: string): Expectation {
  if (!isJsonObject(value)) throw invalid(at, 'expect is an object holding result or error');
  const keys = Object.keys(value);
  if (keys.length !== 1 || (keys[0] !== 'result' && keys[0] !== 'error')) throw invalid(keys.length === 0 ? at : `${at}/${escape(keys.find((k) => k !== 'result' && k !== 'error') ?? keys[1]!)}`, 'expect holds exactly one of result or error');
  const inner = value[keys[0]!];
  if (!isJsonObject(inner)) throw invalid(`${at}/${keys[0]}`, `the expected ${keys[0]} is an object`);
  return keys[0] === 'result' ? { result: inner } : { error: inner };
}

function readIgnore(value: unknown, at: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(at, 'ignore is an array of JSON Pointers');
  return value.map((p, i) => {
    if (typeof p !== 'string' || !isJsonPointer(p)) throw invalid(`${at}/${i}`, 'each ignored member is a JSON Pointer into the answer (`/tools/0/description`)');
    return p;
  });
}

/** A member name as a JSON Pointer token. */
export function escape(token: string): string {
  return token.replaceAll('~', '~0').replaceAll('/', '~1');
}
