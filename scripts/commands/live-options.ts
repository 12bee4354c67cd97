// Why: check, fuzz and replay take their target and their reports with the same options; the
// command list declares them from here, and this file imports nothing heavy, so listing commands
// and printing help stay as fast as before.
import type { OptionSpec } from '../cli/command.ts';

/** How a live command names its target: --stdio -- CMD, or --url with --header-env. */
export const TARGET_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  stdio: { type: 'boolean', help: 'run the server given after -- and speak to it over stdin and stdout' },
  url: { type: 'string', value: 'URL', help: 'speak Streamable HTTP to this MCP endpoint' },
  'header-env': { type: 'string', value: 'HEADER=ENVVAR', multiple: true, help: 'send HEADER with the value of environment variable ENVVAR (--url)' },
  timeout: { type: 'string', value: 'SECONDS', help: 'time limit of each request (default 10); a timeout is a finding of its own' },
};

/** The version and era `check` speaks: the stateless revision too, and both eras of a dual-era server. */
export const CHECK_VERSION_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'protocol-version': { type: 'string', value: 'V', help: 'speak only V: 2026-07-28 (stateless), or 2025-11-25 or 2025-06-18 offered in initialize' },
  era: { type: 'string', value: 'auto|modern|legacy|both', help: 'auto (default): server/discover first, initialize if it shows a legacy server; both: check each era in turn' },
};

/** The version and era `fuzz` plays every run of its search in. */
export const FUZZ_VERSION_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'protocol-version': { type: 'string', value: 'V', help: 'play only V: 2026-07-28 (stateless), or 2025-11-25 or 2025-06-18 offered in initialize' },
  era: { type: 'string', value: 'auto|modern|legacy', help: 'auto (default): server/discover first, on a connection of its own, chooses the era of every run' },
};

/** The reports a live run writes from its trace, as `check` takes them. */
export const REPORT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  json: { type: 'boolean', help: 'print the JSON report (sorted keys, no timestamps) instead of text' },
  'json-file': { type: 'string', value: 'FILE', help: 'write the JSON report to FILE' },
  quiet: { type: 'boolean', short: 'q', help: 'print the summary line alone' },
  junit: { type: 'string', value: 'FILE', help: 'write JUnit XML: a test case per rule the run exercised' },
  sarif: { type: 'string', value: 'FILE', help: 'write SARIF 2.1.0 (for code scanning), located in the --output trace' },
  html: { type: 'string', value: 'FILE', help: 'write one offline HTML page with a message sequence chart' },
  'expected-failures': { type: 'string', value: 'FILE', help: 'findings listed there do not fail the run; a stale entry does' },
};

/** How the judging server is run by check-client and serve: the scenarios, the version it answers, time limits, the trace. */
export const JUDGING_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  scenario: { type: 'string', value: 'NAME', multiple: true, help: 'play only these scenarios (repeatable; default all): ping, roots, sampling, ...' },
  'protocol-version': { type: 'string', value: 'V', help: 'serve this version only: 2025-11-25, 2025-06-18 or 2026-07-28 (default: both eras, the client\'s version)' },
  timeout: { type: 'string', value: 'SECONDS', help: 'time limit of each server request to the client (default 10); a timeout is a finding' },
  output: { type: 'string', value: 'FILE', help: 'write the trace here (owner-only), and its timings beside it' },
};
