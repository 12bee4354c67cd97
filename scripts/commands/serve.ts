// Why: `serve` is the judging server alone on stdio, for a host's own configuration: the host
// starts it as an MCP server, it plays the scenarios, and when its input ends it writes the trace
// and the reports (text on stderr: stdout is the MCP channel). With --relay it is the small
// process check-client puts in MCP_SERVER_COMMAND: it joins its stdin and stdout to the
// check-client run listening on that socket, which judges the session.
import { InputError } from '../../files/input-error.ts';
import { serveLines } from '../../judging-server/line-channel.ts';
import { Redactor, secretEnvironmentValues } from '../../trace/redaction.ts';
import { ruleById } from '../../validators/rules/index.ts';
import type { CommandArgs, CommandIO, CommandResult } from '../cli/command.ts';
import { UsageError } from '../cli/usage-error.ts';
import { finishSessions, parseJudgingArgs, sessionOptions } from './judged-sessions.ts';

/** Joins stdin and stdout to the check-client run at `socket`; ends when either side does. */
async function relay(socket: string): Promise<CommandResult> {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const connection = net.createConnection(socket);
    let failed: string | undefined;
    connection.once('error', (error: NodeJS.ErrnoException) => {
      failed = error.code ?? 'error';
    });
    connection.once('connect', () => {
      process.stdin.pipe(connection);
      connection.pipe(process.stdout);
    });
    connection.once('close', () => {
      process.stdin.unpipe(connection);
      process.stdin.pause();
      if (failed === undefined) resolve({ exitCode: 0 });
      else resolve({ exitCode: 2, failure: new InputError(ruleById('cli/client-unavailable').id, '', `could not reach the check-client run that started this relay (${failed})`) });
    });
  });
}

/** `serve [options]`: the judging server on stdin and stdout until its input ends. */
export async function run(args: CommandArgs, io: CommandIO): Promise<CommandResult> {
  const socket = args.string('relay');
  if (socket !== undefined) {
    if (args.sequence.length > 1) throw new UsageError('serve', '--relay takes no other option (check-client sets the run up)');
    return relay(socket);
  }
  const parsed = parseJudgingArgs(args);
  const started = performance.now();
  const secrets = secretEnvironmentValues(process.env);
  const redactor = new Redactor(secrets);
  const { ended } = serveLines(process.stdin, process.stdout, sessionOptions(parsed));
  const session = await ended;
  if (session.messages === 0) {
    return { exitCode: 2, failure: new InputError(ruleById('cli/client-unavailable').id, '', 'could not run the client check: the input ended before the client sent any message') };
  }
  // stdout is the client's channel: every report line goes to stderr.
  const say = (text: string): void => io.err(redactor.ownText(text));
  const { exitCode, failure } = await finishSessions('serve', [session], parsed, { target: { transport: 'stdio' }, cleanup: { input_ended: true }, redactor, totalMs: performance.now() - started }, io, say, secrets);
  return { exitCode, ...(failure === undefined ? {} : { failure }) };
}
