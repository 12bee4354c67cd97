// Why: a failing case is easiest to understand by watching it: this writes one self-contained
// HTML page (no network) that steps through the case over the composed statechart, or with
// --stately streams it to the Stately inspector over a loopback WebSocket.
import { InputError } from '../../runner/errors.ts';
import type { Fixture, FixtureCase } from '../../runner/fixture-schema.ts';
import { fixtureRules } from '../../validators/rules/fixture.ts';
import type { CommandArgs, CommandResult } from '../cli/command.ts';
import { writeOutputFile } from '../cli/output-file.ts';
import { UsageError } from '../cli/usage-error.ts';
import { loadFixtures } from '../fixture-files.ts';

/** Options of `inspect`. */
export interface InspectOptions {
  readonly fixture?: string | undefined;
  readonly out?: string | undefined;
  readonly stately?: boolean | undefined;
  readonly port?: string | undefined;
}

/** The one case named `name` among the fixture files under `paths`; several or none is an input error. */
export async function findCase(paths: readonly string[], name: string): Promise<{ label: string; fixture: Fixture; kase: FixtureCase; index: number }> {
  const found: { label: string; fixture: Fixture; kase: FixtureCase; index: number }[] = [];
  for (const { label, fixture } of await loadFixtures(paths)) {
    fixture.cases.forEach((kase, index) => {
      if (kase.name === name) found.push({ label, fixture, kase, index });
    });
  }
  if (found.length === 0) throw new InputError(fixtureRules['unknown-case'].id, '', `no case named ${JSON.stringify(name)} in the fixtures`);
  if (found.length > 1) {
    throw new UsageError('inspect', `${found.length} cases are named ${JSON.stringify(name)} (${found.map((f) => f.label).join(', ')}); pick a file with --fixture`);
  }
  return found[0]!;
}

function defaultOut(name: string): string {
  return `${name.replace(/[^A-Za-z0-9_.-]+/g, '_')}.inspector.html`;
}

/** Runs `inspect CASE [--fixture PATH] [--out FILE] [--stately [--port N]]`. */
export async function runInspect(positionals: readonly string[], options: InspectOptions): Promise<CommandResult> {
  const name = positionals[0]!;
  const { label, fixture, kase, index } = await findCase(options.fixture === undefined ? [] : [options.fixture], name);
  if (options.stately) {
    const port = Number(options.port ?? '8080');
    if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError('inspect', `--port must be a TCP port, not ${JSON.stringify(options.port)}`);
    const { streamToStately } = await import('../../inspector/stately.ts');
    const stream = await streamToStately(fixture, kase, index, port);
    process.stderr.write(`${name}: ${stream.result.status}; events sent to ${stream.url}. Open ${stream.pageUrl} (its page embeds stately.ai/inspect, which needs the internet); Ctrl-C stops.\n`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await stream.stop();
    return { output: `${name}: ${stream.result.status}`, exitCode: 0 };
  }
  const { traceCase } = await import('../../inspector/trace.ts');
  const { inspectorHtml } = await import('../../inspector/page.ts');
  const trace = traceCase(label, fixture, kase, index);
  const out = options.out ?? defaultOut(name);
  await writeOutputFile(out, await inspectorHtml(trace));
  return { output: `wrote ${out}: ${name}, ${trace.frames.length - 1} steps, ${trace.result.status}`, exitCode: 0 };
}

/** `inspect CASE [--fixture PATH] [--out FILE] [--stately [--port N]]`. */
export async function run(args: CommandArgs): Promise<CommandResult> {
  return runInspect(args.positionals, { fixture: args.string('fixture'), out: args.string('out'), stately: args.flag('stately'), port: args.string('port') });
}
