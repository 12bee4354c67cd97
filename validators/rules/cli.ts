import { defineRules } from './rule.ts';

const CLI = 'docs/cli.md#the-cli';

/** Rules of the command line itself: what stops a run before anything is judged (exit code 2). */
export const cliRules = defineRules('cli', CLI, {
  'usage': { text: 'The command line must name a known command, its declared options (each with its value) and the arguments it takes.', keyword: 'tool' },
  'read-failed': { text: 'Every input named on the command line must exist and be readable.', keyword: 'tool' },
  'write-failed': { text: 'Every output named on the command line must be writable, its folder creatable.', keyword: 'tool' },
  'optional-package-missing': {
    keyword: 'tool',
    text: 'A command that needs an optional dependency must find it installed (inspect --stately: @statelyai/inspect and ws).',
    spec: 'docs/package.md#package',
  },
  'port-unavailable': {
    keyword: 'tool',
    text: 'A port named with --port must be free to listen on at 127.0.0.1.',
    spec: 'docs/coverage-inspector.md#transition-coverage-diagrams-and-the-inspector',
  },
  'client-unavailable': {
    keyword: 'tool',
    text: 'The client check-client runs must start and connect to the judging server (stdio: start the command in MCP_SERVER_COMMAND; HTTP: reach the URL given as its last argument) and send it a message.',
    spec: 'docs/check-client.md#check-client',
  },
  'server-unavailable': {
    keyword: 'tool',
    text: 'The server a live check names must start (stdio) or be reachable (HTTP) and answer initialize.',
    spec: 'docs/live-checks.md#live-checks',
  },
  'call-not-sent': {
    keyword: 'tool',
    text: 'Every tool named with --call must be one the server lists (it must declare the tools capability), called with --args that fit its inputSchema; a call the client would reject is not sent, and the check could not run.',
    spec: 'docs/live-checks.md#live-checks',
  },
  'scenario-invalid': {
    keyword: 'tool',
    text: 'A scenario file named with --scenario must be one JSON or YAML document of the scenario format: a name, and steps each naming one request (call, read, prompt, list, complete or ping) with its own members only.',
    spec: 'docs/scenarios.md#the-file',
  },
  'version-not-judged': {
    keyword: 'tool',
    text: 'The session must negotiate a revision a profile judges (2025-06-18, 2025-11-25); a server may answer an older published one (2024-11-05, 2025-03-26), which cannot be judged.',
    spec: 'https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle#version-negotiation',
  },
});
