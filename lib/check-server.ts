// Why: a test suite or a script checks a server as `check --json` does, without a subprocess of
// ours: the same run (live/run-check.ts), the same scenario player, the same JSON report.
import { InputError } from '../files/input-error.ts';
import { runCheck } from '../live/run-check.ts';
import { streamableHttp } from '../live/streamable-http.ts';
import type { EraChoice } from '../live/driver.ts';
import { jsonReportText } from '../reports/json-report.ts';
import { buildReportModel } from '../reports/report-model.ts';
import { secretEnvironmentValues } from '../trace/redaction.ts';
import { ScenarioPlay } from '../scenario/play.ts';
import { readScenario, type Scenario } from '../scenario/scenario-format.ts';
import { readScenarioFile } from '../scenario/scenario-file.ts';
import type { JsonObject } from '../validators/context.ts';
import { isJsonObject } from '../validators/shape.ts';
import { ruleById } from '../validators/rules/index.ts';

/** What checkServer is pointed at: a stdio command (argv, never a shell string) or a Streamable HTTP URL. */
export type Target = readonly string[] | { readonly url: string; readonly headers?: Readonly<Record<string, string>> };

/** How checkServer checks. */
export interface CheckServerSettings {
  readonly scope?: 'quick' | 'full';
  readonly timeoutMs?: number;
  readonly era?: EraChoice;
  readonly protocolVersion?: string;
  readonly calls?: readonly { readonly name: string; readonly arguments?: JsonObject }[];
  /** Scenario documents (the file format, as values) or paths of scenario files. */
  readonly scenarios?: readonly (string | object)[];
  readonly env?: NodeJS.ProcessEnv;
}

const HEADER_VARIABLE = 'MCP_STATECHART_LIBRARY_HEADER_';

async function scenarioOf(given: string | object, index: number): Promise<Scenario> {
  if (typeof given === 'string') return (await readScenarioFile(given)).scenario;
  try {
    return readScenario(given);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new InputError(error.rule, `/scenarios/${index}${error.pointer}`, error.message);
  }
}

/** Runs one check and returns the report `check --json` prints (status `error` when it could not run). */
export async function checkServerReport(target: Target, settings: CheckServerSettings = {}): Promise<Record<string, unknown>> {
  const env: NodeJS.ProcessEnv = { ...(settings.env ?? process.env) };
  const headerEnv: { header: string; variable: string }[] = [];
  let live;
  if (Array.isArray(target)) {
    if (target.length === 0 || !target.every((t) => typeof t === 'string')) throw new TypeError('checkServer: a stdio target is a non-empty argv array of strings');
    live = { transport: 'stdio' as const, command: [...(target as readonly string[])] };
  } else {
    const http = target as { url?: unknown; headers?: unknown };
    if (typeof http.url !== 'string') throw new TypeError('checkServer: a target is an argv array or { url, headers? }');
    live = { transport: 'http' as const, url: http.url };
    for (const [i, [header, value]] of Object.entries(isJsonObject(http.headers) ? http.headers : {}).entries()) {
      env[`${HEADER_VARIABLE}${i}`] = String(value);
      headerEnv.push({ header: header.toLowerCase(), variable: `${HEADER_VARIABLE}${i}` });
    }
  }
  const scenarios = await Promise.all((settings.scenarios ?? []).map(scenarioOf));
  const play = scenarios.length === 0 ? undefined : new ScenarioPlay(scenarios);
  const run = await runCheck({
    target: live,
    scope: settings.scope ?? 'quick',
    timeoutMs: settings.timeoutMs ?? 10_000,
    protocolVersion: settings.protocolVersion ?? '2025-11-25',
    era: settings.era ?? 'auto',
    calls: (settings.calls ?? []).map((c) => ({ name: c.name, args: c.arguments ?? {} })),
    answers: { roots: [] },
    headerEnv,
    env,
    httpTransport: streamableHttp,
    ...(play === undefined ? {} : { steps: play.run, scenarios: scenarios.map((s) => ({ name: s.name, steps: s.steps.map((x) => x.source) })) }),
  });
  const refused = play?.outcomes.find((o) => o.refused !== undefined)?.refused;
  if (refused !== undefined) throw new InputError(ruleById('cli/scenario-invalid').id, refused.filePointer, `scenario: a step was not sent, as the client would reject it: ${refused.message} [${refused.rule}] (at ${refused.filePointer})`);
  const errorRule = run.notSent?.rule;
  return JSON.parse(run.redactor.ownText(jsonReportText(buildReportModel(run.trace, [], secretEnvironmentValues(env)), errorRule))) as Record<string, unknown>;
}
