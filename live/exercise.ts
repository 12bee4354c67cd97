// Why: one exercise for both eras: after the lists, read the first listed resources, expand each
// template once (with values the server completes when it declares completions, else generated
// ones) and read it, get every prompt with generated arguments, and call the tools the mode allows
// with arguments generated from their inputSchema. The era's driver sends each request its way
// (`_meta`, headers, input_required rounds, tasks); the recorder judges every answer.
import { samplePromptArguments, sampleArguments } from '../exercise/schema-arguments.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import type { Answer } from './exchange.ts';
import { EXERCISE_LIMIT, expandTemplate, templateVariables, toolRefusal, type ExerciseMode, type ExerciseReport } from './exercise-plan.ts';
import { argumentsOf, type Listed } from './list-items.ts';
import { paramHeaders } from './mcp-param-headers.ts';

/** How the era's driver sends what the exercise asks. */
export interface ExerciseHost {
  /** resources/read or prompts/get, as the era sends it. */
  request(method: 'resources/read' | 'prompts/get' | 'completion/complete', params: JsonObject): Promise<Answer>;
  /** A tools/call of a listed tool with these arguments (a task when the tool requires one, headers its inputSchema asks for). */
  callTool(tool: JsonObject, args: JsonObject): Promise<Answer>;
  /** Whether tools whose `x-mcp-header` annotations break the page's constraints are set aside (2026-07-28 over Streamable HTTP). */
  readonly mirrorsHeaders: boolean;
}

/** What the exercise is told. */
export interface ExerciseOptions {
  readonly mode: ExerciseMode;
  readonly seed: number;
  /** Tools the user named with --call: called as named, not with generated arguments. */
  readonly named: ReadonlySet<string>;
  /** Told after each item the exercise took up (sent or set aside), of at most `total`, and how many answers were no result. */
  readonly onProgress?: ((p: ExerciseProgress) => void) | undefined;
}

/** How far the exercise has got: items taken up of the most it will take up, and the answers that were no result. */
export interface ExerciseProgress {
  readonly done: number;
  readonly total: number;
  readonly unanswered: number;
}

/** How an answer is recorded in the exercise report. */
function answerKind(answer: Answer): string {
  if (answer.kind === 'result') return isJsonObject(answer.result) && answer.result['isError'] === true ? 'result (isError)' : 'result';
  return answer.kind;
}

/** The first completion value the server offers for one variable, if any. */
async function completed(host: ExerciseHost, ref: JsonObject, name: string, known: Record<string, string>): Promise<string | undefined> {
  const answer = await host.request('completion/complete', {
    ref, argument: { name, value: '' }, ...(Object.keys(known).length === 0 ? {} : { context: { arguments: known } }),
  });
  if (answer.kind !== 'result') return undefined;
  const completion = answer.result['completion'];
  const values = isJsonObject(completion) ? completion['values'] : undefined;
  return Array.isArray(values) && typeof values[0] === 'string' && values[0] !== '' ? values[0] : undefined;
}

/** One entry for the items listed past EXERCISE_LIMIT (a long listing is bounded, not named item by item). */
function pastLimit(report: ExerciseReport, method: 'resources/read' | 'prompts/get', listed: number, what: string): void {
  if (listed > EXERCISE_LIMIT) report.skipped.push({ method, target: `${listed - EXERCISE_LIMIT} more ${what}`, reason: `past the first ${EXERCISE_LIMIT} listed` });
}

/**
 * Runs the exercise on what the lists held; `ended` when the connection ended under it (the run
 * stops there). Tools the mode leaves out are in `report.skipped` with the reason and the wider mode.
 */
export async function runExercise(host: ExerciseHost, server: JsonObject, listed: Listed, options: ExerciseOptions): Promise<{ ended: boolean; report: ExerciseReport }> {
  const report: ExerciseReport = { mode: options.mode, seed: options.seed, exercised: [], skipped: [] };
  if (options.mode === 'none') return { ended: false, report };
  const total = Math.min(listed.resources.length, EXERCISE_LIMIT) + Math.min(listed.resourceTemplates.length, EXERCISE_LIMIT)
    + Math.min(listed.prompts.length, EXERCISE_LIMIT) + listed.tools.length;
  let done = 0;
  let unanswered = 0;
  const ended = (answer: Answer): boolean => {
    done += 1;
    if (answer.kind !== 'result') unanswered += 1;
    options.onProgress?.({ done, total, unanswered });
    return answer.kind === 'ended';
  };
  const setAside = (): void => {
    done += 1;
    options.onProgress?.({ done, total, unanswered });
  };

  for (const resource of listed.resources.slice(0, EXERCISE_LIMIT)) {
    const uri = resource['uri'];
    if (typeof uri !== 'string') continue;
    const answer = await host.request('resources/read', { uri });
    report.exercised.push({ method: 'resources/read', target: uri, answer: answerKind(answer) });
    if (ended(answer)) return { ended: true, report };
  }
  pastLimit(report, 'resources/read', listed.resources.length, 'resources');

  const completes = isJsonObject(server['completions']);
  for (const template of listed.resourceTemplates.slice(0, EXERCISE_LIMIT)) {
    const uriTemplate = template['uriTemplate'];
    if (typeof uriTemplate !== 'string') continue;
    const variables = templateVariables(uriTemplate);
    const values: Record<string, string> = {};
    const generated = samplePromptArguments(variables.map((name) => ({ name, required: true })), options.seed);
    for (const name of variables) {
      const offered = completes ? await completed(host, { type: 'ref/resource', uri: uriTemplate }, name, values) : undefined;
      values[name] = offered ?? generated[name] ?? 'example';
    }
    const uri = expandTemplate(uriTemplate, values);
    const answer = await host.request('resources/read', { uri });
    report.exercised.push({ method: 'resources/read', target: uri, template: uriTemplate, args: values, answer: answerKind(answer) });
    if (ended(answer)) return { ended: true, report };
  }
  pastLimit(report, 'resources/read', listed.resourceTemplates.length, 'resource templates');

  for (const prompt of listed.prompts.slice(0, EXERCISE_LIMIT)) {
    const name = prompt['name'];
    if (typeof name !== 'string') continue;
    const declared = argumentsOf(prompt).filter((a) => typeof a['name'] === 'string')
      .map((a) => ({ name: a['name'] as string, required: a['required'] === true }));
    const args = samplePromptArguments(declared, options.seed);
    const answer = await host.request('prompts/get', { name, ...(declared.length === 0 ? {} : { arguments: args }) });
    report.exercised.push({ method: 'prompts/get', target: name, args, answer: answerKind(answer) });
    if (ended(answer)) return { ended: true, report };
  }
  pastLimit(report, 'prompts/get', listed.prompts.length, 'prompts');

  for (const tool of listed.tools) {
    const name = tool['name'];
    if (typeof name !== 'string') continue;
    if (options.named.has(name)) {
      report.skipped.push({ method: 'tools/call', target: name, reason: 'named with --call: called with the --args given instead' });
      setAside();
      continue;
    }
    const refused = toolRefusal(tool, options.mode);
    if (refused !== undefined) {
      report.skipped.push({ method: 'tools/call', target: name, ...refused });
      setAside();
      continue;
    }
    if (host.mirrorsHeaders) {
      const headers = paramHeaders(tool);
      if ('invalid' in headers) {
        report.skipped.push({ method: 'tools/call', target: name, reason: `set aside as the Streamable HTTP page requires of a client: ${headers.invalid}` });
        setAside();
        continue;
      }
    }
    const sample = sampleArguments(tool['inputSchema'], options.seed);
    if ('skipped' in sample) {
      report.skipped.push({ method: 'tools/call', target: name, reason: `no arguments could be generated from its inputSchema: ${sample.skipped}` });
      setAside();
      continue;
    }
    const answer = await host.callTool(tool, sample.args);
    report.exercised.push({ method: 'tools/call', target: name, args: sample.args, answer: answerKind(answer) });
    if (ended(answer)) return { ended: true, report };
  }
  return { ended: false, report };
}
