// Why: the one list of commands. Each entry says what the CLI needs before running it (name,
// summary, usage, options, exit codes) and loads its handler only when it runs, so a command pays
// start-up for its own modules alone. A new command is a handler file here plus one entry below.
import type { CommandSpec } from '../cli/command.ts';
// `cases`, `validate` and `rules` need only the judging core and are loaded with the entry point;
// the other commands are one group loaded on demand (see tooling.ts).
import * as casesCommand from './cases.ts';
import { PROTOCOL_VERSION_OPTION, REPORT_OPTIONS, TARGET_OPTIONS } from './live-options.ts';
import * as rulesCommand from './rules.ts';
import * as validateCommand from './validate.ts';

const tooling = () => import('./tooling.ts');

const PROFILE_IDS = 'course, 2025-11-25, 2025-06-18 or 2026-07-28';

/** Every command, in the order the program's help lists them. */
export const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'cases',
    summary: 'judge fixture files or folders (default: the bundled fixtures)',
    usage: '[PATH...] [options]',
    description: [
      'Plays every case of every fixture file (a folder: its *.json files, recursively) through the',
      'session statechart and compares the outcome with the case\'s expectation. Every case is judged;',
      'text output lists the unexpected ones, then a summary line.',
    ].join('\n'),
    options: {
      json: { type: 'boolean', help: 'print one JSON document (also when the run could not complete)' },
      profile: { type: 'string', value: 'ID', help: `judge under this profile (${PROFILE_IDS}); default: each fixture's own` },
      quiet: { type: 'boolean', short: 'q', help: 'print the summary line alone' },
    },
    positionals: { name: 'PATH', min: 0, max: Infinity },
    exitCodes: '0 every case as expected, 1 an unexpected case, 2 could not run (unreadable input, not strict JSON, not a fixture, no cases)',
    load: async () => casesCommand,
  },
  {
    name: 'validate',
    summary: 'judge a recorded transcript (JSONL, one step per line; - reads standard input) or a trace',
    usage: 'FILE|- [options]',
    description: [
      'Feeds every line of a transcript through one session and reports every finding with its line',
      'number and the JSON Pointer into that line\'s step (a line that is not strict JSON or not a step is',
      'a finding too); then the requests left unanswered. Text output streams the findings as they are',
      'found (a cascade: its first finding and cause, then a count), then a summary line. A trace written',
      'by check is judged again the same way (its message events through the session; what only the live',
      'connection showed is kept as recorded), its findings placed by event.',
    ].join('\n'),
    options: {
      json: { type: 'boolean', help: 'print one JSON document (also when the run could not complete)' },
      profile: { type: 'string', value: 'ID', help: `judge under this profile (auto, ${PROFILE_IDS}); default: the header's, else auto` },
      'max-line-bytes': { type: 'string', value: 'N', help: 'the largest line in bytes (default 2000000)' },
      'max-findings': { type: 'string', value: 'N', help: 'findings --json lists (default 10000); the rest are counted' },
      quiet: { type: 'boolean', short: 'q', help: 'print the summary line alone' },
    },
    positionals: { name: 'FILE', min: 1, max: 1 },
    exitCodes: '0 no error findings (warnings allowed), 1 an error finding, 2 could not run (unreadable input, a bad header, a fixture, nothing to judge, a revision no profile judges)',
    load: async () => validateCommand,
  },
  {
    name: 'check',
    summary: 'check a live server over stdio or Streamable HTTP; write a redacted trace and reports',
    usage: '[options] --stdio -- CMD [ARGS...] | [options] --url URL',
    description: [
      'Starts the server (argv after --, never through a shell) or connects to the URL, and drives a',
      'careful client: initialize, initialized, ping, then every page of each list the server declares;',
      '--scope full adds reads, prompts without required arguments, subscribe and unsubscribe, logging,',
      'completion, and two deliberately wrong requests (an unknown method, an invalid cursor). No tool is',
      'called unless named with --call. Every message in both directions is judged by the session under',
      'the negotiated profile; secrets from the environment and --header-env never reach any output.',
    ].join('\n'),
    options: {
      ...TARGET_OPTIONS,
      scope: { type: 'string', value: 'quick|full', help: 'what to exercise (default quick)' },
      call: { type: 'string', value: 'NAME', multiple: true, help: 'call this tool (after the lists); never any other' },
      args: { type: 'string', value: 'JSON', multiple: true, help: 'the arguments object of the --call before it' },
      root: { type: 'string', value: 'URI', multiple: true, help: 'offer roots and answer roots/list with these file:// URIs' },
      ...PROTOCOL_VERSION_OPTION,
      'sampling-result': { type: 'string', value: 'JSON', help: 'offer sampling and answer sampling/createMessage with this result' },
      'elicitation-result': { type: 'string', value: 'JSON', help: 'offer elicitation (form) and answer elicitation/create with this result' },
      output: { type: 'string', value: 'FILE', help: 'write the trace here (owner-only), and its timings beside it' },
      ...REPORT_OPTIONS,
    },
    positionals: { name: 'CMD', min: 0, max: Infinity },
    exitCodes: '0 no error finding, 1 an error finding, 2 could not run (bad arguments, the server could not be started or reached, or it negotiated a revision no profile judges)',
    load: () => import('./check.ts'),
  },
  {
    name: 'fuzz',
    summary: 'generated action sequences against a live server; the first failure shrunk and saved as a trace',
    usage: '[options] --stdio -- CMD [ARGS...] | [options] --url URL --reuse-server',
    description: [
      'Plays action sequences drawn from --seed against a fresh server per run (over HTTP, a fresh session',
      'on the one server at --url): overlapping requests, cancellation of a request in flight, ids reused',
      'or duplicated, list paging, subscribe and unsubscribe, pings, an unknown method (-32601), an invalid',
      'cursor (-32602), requests before notifications/initialized, and over HTTP stream resumption. Calls',
      'no tool but one named echo (its answers must echo their markers). The first run with an error',
      'finding is shrunk to its smallest sequence, written with --output and reported; replay plays it.',
    ].join('\n'),
    options: {
      ...TARGET_OPTIONS,
      'reuse-server': { type: 'boolean', help: 'with --url: one server for every run, a fresh session each (required with --url)' },
      runs: { type: 'string', value: 'N', help: 'sequences tried before concluding nothing is found (default 50)' },
      seed: { type: 'string', value: 'S', help: 'the seed the sequences are drawn from (default: a random one, printed)' },
      'max-steps': { type: 'string', value: 'K', help: 'the most actions in one sequence (default 20)' },
      'ignore-rule': { type: 'string', value: 'RULE', multiple: true, help: 'findings of this rule do not end the search nor fail the run (repeatable)' },
      without: { type: 'string', value: 'KIND[,KIND]', multiple: true, help: 'leave these action kinds out of the sequences (early, duplicate-id, ...)' },
      'max-time': { type: 'string', value: 'SECONDS', help: 'bound the whole search in time; it says what was done when the time runs out' },
      ...PROTOCOL_VERSION_OPTION,
      output: { type: 'string', value: 'FILE', help: 'write the trace of the shrunk failure (else of the last run), owner-only' },
      ...REPORT_OPTIONS,
    },
    positionals: { name: 'CMD', min: 0, max: Infinity },
    exitCodes: '0 nothing found (warnings allowed), 1 a failure found, 2 could not run (bad arguments, the server could not be started or reached, or it negotiated a revision no profile judges)',
    load: () => import('./fuzz.ts'),
  },
  {
    name: 'replay',
    summary: 'play a saved fuzz trace\'s action sequence against fresh servers; count the runs that fail the same way',
    usage: 'TRACE [--runs N] --stdio -- CMD [ARGS...] | TRACE [--runs N] --url URL',
    description: [
      'Reads a trace written by fuzz (or replay), refuses one that is damaged or names an executable, URL,',
      'environment or working directory, and plays its action sequence against a fresh target per run:',
      'the server named here, never one the trace names. Prints how many runs failed with the trace\'s',
      'signature, e.g. "reproduced mcp-statechart:v1:... in 10/10 runs".',
    ].join('\n'),
    options: {
      ...TARGET_OPTIONS,
      runs: { type: 'string', value: 'N', help: 'how many fresh targets to play the sequence against (default 10)' },
      output: { type: 'string', value: 'FILE', help: 'write the trace of the last replay, owner-only' },
    },
    positionals: { name: 'TRACE', min: 1, max: Infinity },
    exitCodes: '0 not reproduced, 1 reproduced (in at least one run), 2 could not run (bad arguments or trace, the server could not be started or reached, or it negotiated a revision no profile judges)',
    load: () => import('./replay.ts'),
  },
  {
    name: 'matrix',
    summary: 'every official SDK client against every SDK server, per revision and transport, judged and compared',
    usage: '[options]',
    description: [
      'Runs an echo client made with each official TypeScript SDK (1.x latest, an older 1.x minor, 2.x)',
      'against an echo server made with each, at every revision both speak, over stdio and Streamable',
      'HTTP, with a recording relay between them; judges every cell with the session and compares each',
      'cell\'s normalized traffic with the others of its revision and transport. Writes each cell\'s trace',
      'and verdict and a summary (JSON and markdown) into the output folder, readable by their owner only.',
      'The SDKs are dev dependencies: the matrix runs from a checkout after npm install.',
    ].join('\n'),
    options: {
      output: { type: 'string', value: 'DIR', help: 'where to write the cells and the summary (default matrix-out)' },
      transport: { type: 'string', value: 'stdio|http', multiple: true, help: 'run only cells over this transport (repeatable)' },
      revision: { type: 'string', value: 'V', multiple: true, help: 'run only cells at this revision: 2025-06-18 or 2025-11-25 (repeatable)' },
      timeout: { type: 'string', value: 'SECONDS', help: 'time limit of each cell\'s client session (default 60)' },
      json: { type: 'boolean', help: 'print the summary as JSON (sorted keys, no timestamps)' },
      quiet: { type: 'boolean', short: 'q', help: 'print the summary line alone' },
    },
    positionals: { name: 'ARGUMENT', min: 0, max: 0 },
    exitCodes: '0 every cell clean and alike, 1 findings or a cell that differs, 2 could not run (the SDKs or peers missing, a cell that could not start, an output that cannot be written)',
    load: () => import('./matrix.ts'),
  },
  {
    name: 'tap',
    summary: 'relay a live server\'s traffic unchanged (stdio or Streamable HTTP) and judge it as it flows',
    usage: '[options] -- CMD [ARGS...] | [options] --listen HOST:PORT --upstream URL',
    description: [
      'Put it where a client starts the server (tap -- CMD ARGS...): its stdin and stdout are the client\'s side,',
      'the server is started (argv after --, never through a shell) and every byte goes through unchanged in',
      'both directions, the server\'s stderr too. With --listen and --upstream it is a reverse proxy on a loopback',
      'address for a Streamable HTTP server (SSE passed on as it streams, redirects not followed). Every message is',
      'judged by the session; findings go to stderr as they happen (redacted) and to the --trace file at the end.',
      'Over stdio the tap ends as the server did (its exit code or signal); closing its stdin or SIGINT/SIGTERM end',
      'the server as the specification\'s shutdown says.',
    ].join('\n'),
    options: {
      trace: { type: 'string', value: 'FILE', help: 'write the trace here at the end (owner-only), and its timings beside it' },
      inspect: { type: 'boolean', help: 'serve the inspector page on 127.0.0.1 and show the session in it as it runs' },
      'inspect-port': { type: 'string', value: 'N', help: 'the inspector page\'s port (default: a free one; its URL is printed on stderr)' },
      listen: { type: 'string', value: 'HOST:PORT', help: 'proxy Streamable HTTP on this loopback address (port 0: a free one)' },
      upstream: { type: 'string', value: 'URL', help: 'the server\'s MCP endpoint that --listen forwards to' },
      'max-messages': { type: 'string', value: 'N', help: 'messages the trace keeps (default 10000; later ones are judged and counted)' },
      quiet: { type: 'boolean', short: 'q', help: 'print no finding lines, only the closing summary' },
    },
    positionals: { name: 'CMD', min: 0, max: Infinity },
    exitCodes: '0 no error finding (HTTP), 1 an error finding (HTTP), 2 could not run (bad arguments, the server could not be started, the address could not be bound); over stdio the tap ends as the server did: its exit code, or its signal',
    load: () => import('./tap.ts'),
  },
  {
    name: 'rules',
    summary: 'list the rules findings cite, or show one (ID) or one area (AREA)',
    usage: '[ID|AREA] [options]',
    description: 'Every rule has a stable id (area/kebab-slug), a severity (a MUST is an error, a SHOULD a warning), the\nspecification line it rests on, and one line of text.',
    options: {
      json: { type: 'boolean', help: 'print JSON (an array of rules, or the one rule asked for)' },
    },
    positionals: { name: 'ID', min: 0, max: 1 },
    exitCodes: '0 listed, 2 no such rule or area',
    load: async () => rulesCommand,
  },
  {
    name: 'report',
    summary: 'the reports of a saved live-run trace: JSON, JUnit XML, SARIF 2.1.0, an offline HTML page',
    usage: 'TRACE|- [options]',
    description: [
      'Reads a trace written by check (- reads standard input), refuses it when it is truncated, oversized,',
      'not in the trace format or edited (its status and signature must match its findings), and writes',
      'every report asked for, readable by their owner only. Findings listed in --expected-failures do',
      'not fail the run; an entry that matches no finding is stale and does.',
    ].join('\n'),
    options: {
      'json': { type: 'boolean', help: 'print the JSON report (sorted keys, no timestamps) instead of text' },
      'json-file': { type: 'string', value: 'FILE', help: 'write the JSON report to FILE' },
      'junit': { type: 'string', value: 'FILE', help: 'write JUnit XML: a test case per rule the run exercised' },
      'sarif': { type: 'string', value: 'FILE', help: 'write SARIF 2.1.0 (for code scanning), located in the trace file' },
      'html': { type: 'string', value: 'FILE', help: 'write one offline HTML page with a message sequence chart' },
      'expected-failures': { type: 'string', value: 'FILE', help: 'a JSON array of {rule, reason, method?, pointer?, event?} that do not fail the run' },
      'quiet': { type: 'boolean', short: 'q', help: 'print the summary line alone' },
    },
    positionals: { name: 'TRACE', min: 1, max: 1 },
    exitCodes: '0 no unexpected error finding and no stale expected failure, 1 otherwise, 2 could not run (bad trace or expected-failures file, a file not written, or the traced run could not complete)',
    load: () => import('./report.ts'),
  },
  {
    name: 'coverage',
    summary: 'which statechart transitions the cases or transcripts take, and the gaps',
    usage: '[PATH...] [options]',
    description: [
      'Plays the cases (and transcripts: *.jsonl, or any file whose first line is a transcript header',
      'or step; each is one case) with the actors\' inspection on and reports per machine the transitions',
      'declared, taken, allowlisted and never taken, with the cases taking each and shortest-path',
      'coverage. A machine that no profile judged here runs is not applicable: its transitions are no gaps.',
    ].join('\n'),
    options: {
      json: { type: 'boolean', help: 'print one JSON document, keys sorted' },
      html: { type: 'string', value: 'FILE', help: 'also write an offline HTML page with a diagram per machine' },
      suggest: { type: 'boolean', help: 'print a case skeleton for each gap' },
      quiet: { type: 'boolean', short: 'q', help: 'print the totals line alone' },
    },
    positionals: { name: 'PATH', min: 0, max: Infinity },
    exitCodes: '0 no gap, 1 a gap (never taken, not allowlisted) remains, 2 could not run',
    load: async () => (await tooling()).coverage,
  },
  {
    name: 'diagram',
    summary: 'statechart diagrams generated from the machines (DOT, Mermaid, SVG)',
    usage: '[MACHINE] [options]',
    description: [
      'MACHINE is lifecycle, correlation, authorization, subscription, progress, cancellation, task,',
      'inputRequired or session (the default: all machines as clusters). Without --out one diagram is',
      'printed; with it, DIR/<name>.<ext> is written for the named machine or for all of them.',
    ].join('\n'),
    options: {
      format: { type: 'string', value: 'dot|mermaid|svg', help: 'the diagram format (default dot)' },
      out: { type: 'string', value: 'DIR', help: 'write files into this folder (made if missing)' },
    },
    positionals: { name: 'MACHINE', min: 0, max: 1 },
    exitCodes: '0 printed or written, 2 could not run (an unknown machine or format, an output that cannot be written)',
    load: async () => (await tooling()).diagram,
  },
  {
    name: 'inspect',
    summary: 'an offline HTML page stepping through one case or transcript over the session statechart',
    usage: 'CASE [options] | --transcript FILE [options]',
    description: [
      'Looks CASE up in the bundled fixtures (or in --fixture PATH) and writes one self-contained page:',
      'each step\'s message, every actor\'s state, the transitions taken, pending requests and findings.',
      `A transcript (--transcript FILE, or a --fixture PATH that is one) is stepped through whole, line by line.`,
    ].join('\n'),
    options: {
      fixture: { type: 'string', value: 'PATH', help: 'look the case up in this fixture file or folder' },
      transcript: { type: 'string', value: 'FILE', help: 'step through this transcript (JSONL) instead of a case' },
      out: { type: 'string', value: 'FILE', help: 'where to write the page (default: CASE.inspector.html)' },
      stately: { type: 'boolean', help: 'stream the case to @statelyai/inspect over a loopback WebSocket instead' },
      port: { type: 'string', value: 'N', help: 'the port of the --stately bridge on 127.0.0.1 (default 8080)' },
    },
    positionals: { name: 'CASE', min: 0, max: 1 },
    exitCodes: '0 written (whatever the case\'s outcome), 2 could not run (no such case, unreadable input, an output that cannot be written)',
    load: async () => (await tooling()).inspect,
  },
  {
    name: 'bench',
    summary: 'measure throughput, start-up and memory against the SDK and ajv',
    usage: '[options]',
    description: 'Runs every workload (see BENCHMARKS.md) and prints a table; only ratios are compared across runs.',
    options: {
      json: { type: 'boolean', help: 'print {machine, workloads, ratios} as JSON' },
      quick: { type: 'boolean', help: 'skip the 1,000,000-message transcript' },
      write: { type: 'boolean', help: 'regenerate the generated part of BENCHMARKS.md' },
      check: { type: 'boolean', help: 'exit 1 when a ratio is more than 2x worse than the committed one' },
    },
    positionals: { name: 'ARGUMENT', min: 0, max: 0 },
    exitCodes: '0 measured (and no ratio over 2x worse with --check), 1 a ratio over 2x worse, 2 could not run',
    load: async () => (await tooling()).bench,
  },
];

/** The command named `name`, if there is one. */
export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((c) => c.name === name);
}
