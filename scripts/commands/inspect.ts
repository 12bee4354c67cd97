// Why: a failing case is easiest to understand by watching it: this writes one self-contained
// HTML page (no network) that steps through the case over the composed statechart, or with
// --stately streams it to the Stately inspector over a loopback WebSocket.
import { InputError } from '../../files/input-error.ts';
import type { Fixture, FixtureCase } from '../../runner/fixture-schema.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';
import { writeOutputFile } from '../../files/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';
import { basename } from 'node:path';
import { loadFixtures, loadInputs, type FixtureFile } from '../fixture-files.ts';
import { judgeInputFile, type OtherDocument } from '../transcript-file.ts';
import { looksLikeTrace } from './validate-trace.ts';
import { readStreamBounded } from '../../files/read-bounded.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { transcriptOfTrace } from '../../trace/trace-transcript.ts';
import { validateTranscript } from '../../transcripts/validate-transcript.ts';
import type { JudgeOptions } from '../../transcripts/transcript-report.ts';
import { inspectorHtml } from '../../inspector/page.ts';
import { streamToStately } from '../../inspector/stately.ts';
import { traceCase, traceTranscript, type PlayedTranscript } from '../../inspector/trace.ts';
import { ruleById } from '../../validators/rules/index.ts';
import { PROFILE_IDS } from '../../validators/profiles.ts';
import { choiceOption } from '../cli/parse-args.ts';

/** Options of `inspect`. */
export interface InspectOptions {
  readonly fixture?: string | undefined;
  readonly out?: string | undefined;
  readonly stately?: boolean | undefined;
  readonly port?: string | undefined;
  readonly transcript?: string | undefined;
  /** Judge the case under this profile rather than its fixture's own (as `cases --profile`). */
  readonly profile?: string | undefined;
}

/** The one case named `name` among the fixture files under `paths`; several or none is an input error. */
export async function findCase(paths: readonly string[], name: string): Promise<{ label: string; fixture: Fixture; kase: FixtureCase; index: number }> {
  const found: { label: string; fixture: Fixture; kase: FixtureCase; index: number }[] = [];
  for (const { label, fixture } of await loadFixtures(paths)) {
    fixture.cases.forEach((kase, index) => {
      if (kase.name === name) found.push({ label, fixture, kase, index });
    });
  }
  if (found.length === 0) throw new InputError(ruleById('fixture/unknown-case').id, '', `no case named ${JSON.stringify(name)} in the fixtures`);
  if (found.length > 1) {
    throw new UsageError('inspect', `${found.length} cases are named ${JSON.stringify(name)} (${found.map((f) => f.label).join(', ')}); pick a file with --fixture`);
  }
  return found[0]!;
}

function defaultOut(name: string): string {
  return `${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}.inspector.html`;
}

/** Which transcript to step through: --transcript FILE, or a --fixture PATH that is one. */
async function transcriptOf(positionals: readonly string[], options: InspectOptions): Promise<FixtureFile | undefined> {
  if (options.transcript !== undefined) {
    if (options.fixture !== undefined) throw new UsageError('inspect', 'give --fixture PATH with a CASE, or --transcript FILE, not both');
    if (positionals.length > 0) throw new UsageError('inspect', `a transcript is stepped through whole: give no CASE with --transcript (got ${JSON.stringify(positionals[0])})`);
    return { path: options.transcript, label: basename(options.transcript), argument: options.transcript };
  }
  if (options.fixture === undefined) return undefined;
  const { transcripts } = await loadInputs([options.fixture]);
  if (transcripts.length === 0) return undefined;
  if (transcripts.length > 1) throw new UsageError('inspect', `--fixture ${JSON.stringify(options.fixture)} holds ${transcripts.length} transcripts; name one with --transcript FILE`);
  if (positionals.length > 0) throw new UsageError('inspect', `${transcripts[0]!.label} is a transcript, stepped through whole: give no CASE`);
  return transcripts[0];
}

/** A trace read whole and checked. */
const TRACE_DOCUMENT: OtherDocument<Trace> = {
  looksLike: looksLikeTrace,
  read: async (source) => parseTrace(await readStreamBounded(source, TRACE_MAX_BYTES)),
};

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

/** Judges the transcript at `path`, or the message events of the trace there as one, keeping which trace event each line came from. */
async function playInput(path: string, judge: JudgeOptions): Promise<PlayedTranscript> {
  const judged = await judgeInputFile(path, judge, TRACE_DOCUMENT);
  if (judged.kind === 'transcript') return { run: judged.run };
  return { run: await validateTranscript(once(transcriptOfTrace(judged.value)), judge), trace: judged.value };
}

/** Writes the page of a whole transcript, or of a trace's message events. */
async function inspectTranscript(file: FixtureFile, options: InspectOptions): Promise<CommandResult> {
  if (options.stately) throw new UsageError('inspect', '--stately plays fixture cases; a transcript is inspected as a page');
  const { trace, run, truncated } = await traceTranscript(file.label, (judge) => playInput(file.path, judge));
  if (run.failure !== undefined) throw run.failure;
  const out = options.out ?? defaultOut(file.label);
  await writeOutputFile(out, await inspectorHtml(trace));
  const steps = truncated ? `the first ${trace.frames.length - 1} steps` : `${trace.frames.length - 1} steps`;
  return { output: `wrote ${out}: ${file.label}, ${steps}, ${run.report.counts.error} errors, ${run.report.counts.warning} warnings`, exitCode: 0 };
}

/** Runs `inspect CASE [--fixture PATH] [--out FILE] [--stately [--port N]]` or `inspect --transcript FILE [--out FILE]`. */
export async function runInspect(positionals: readonly string[], options: InspectOptions): Promise<CommandResult> {
  const transcript = await transcriptOf(positionals, options);
  if (transcript !== undefined) return inspectTranscript(transcript, options);
  const name = positionals[0];
  if (name === undefined) throw new UsageError('inspect', 'inspect needs one CASE (or --transcript FILE)');
  const { label, fixture, kase, index } = await findCase(options.fixture === undefined ? [] : [options.fixture], name);
  if (options.stately) {
    const port = Number(options.port ?? '8080');
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError('inspect', `--port must be a TCP port, not ${JSON.stringify(options.port)}`);
    const stream = await streamToStately(fixture, kase, index, port, options.profile);
    process.stderr.write(`${name}: ${stream.result.status}; events sent to ${stream.url}. Open ${stream.pageUrl} (its page embeds stately.ai/inspect, which needs the internet); Ctrl-C stops.\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await stream.stop();
    return { output: `${name}: ${stream.result.status}`, exitCode: 0 };
  }
  const trace = traceCase(label, fixture, kase, index, options.profile);
  const out = options.out ?? defaultOut(name);
  await writeOutputFile(out, await inspectorHtml(trace));
  return { output: `wrote ${out}: ${name}, ${trace.frames.length - 1} steps, ${trace.result.status}`, exitCode: 0 };
}

/** `inspect CASE [--fixture PATH] [--out FILE] [--stately [--port N]]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  return runInspect(args.positionals, {
    fixture: args.string('fixture'),
    transcript: args.string('transcript'),
    out: args.string('out'),
    stately: args.flag('stately'),
    port: args.string('port'),
    profile: choiceOption(args, 'profile', PROFILE_IDS),
  });
}
