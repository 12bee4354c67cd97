// Why: a secret handed to the checker (a header value through --header-env) or lying in the
// environment a server inherits must never come out again, whatever the server echoes and
// wherever: a property over random secrets (quotes, backslashes, markup, multi-byte text) and
// every output of `check` and of `report` and `validate` on its trace (the trace and its timings,
// the JSON, JUnit, SARIF and HTML reports, stdout, stderr and error messages), each file owner-only.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { McpHttpPeer, type Json } from '../peers/http-mcp-peer.ts';
import { fuzzRuns } from '../support/fuzz-runs.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const PEER = join(ROOT, 'test/peers/stdio/echo-secrets-everywhere.mjs');
const RUNS = fuzzRuns(3);

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd, timeout: 60_000, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ status: error === null ? 0 : typeof error.code === 'number' ? error.code : null, stdout, stderr });
    });
  });
}

/** The forms a secret could take in an output: as is, JSON-escaped, and HTML- or XML-escaped. */
function formsOf(secret: string): string[] {
  const html = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  const xml = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), html, xml, secret.replace(/&/g, '&amp;').replace(/</g, '&lt;')])];
}

/** Runs check with every output, then report and validate on its trace; returns every output by name. */
async function everyOutput(target: string[], env: NodeJS.ProcessEnv): Promise<{ outputs: Map<string, string>; dir: string; check: Run }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-statechart-secrets-'));
  const outputs = new Map<string, string>();
  try {
    const check = await cli(['check', '--timeout', '5', '--json', '--output', 'run.json', '--json-file', 'report.json', '--junit', 'junit.xml', '--sarif', 'run.sarif', '--html', 'run.html', ...target], env, dir);
    outputs.set('check stdout', check.stdout);
    outputs.set('check stderr', check.stderr);
    const report = await cli(['report', 'run.json', '--json-file', 'again/report.json', '--junit', 'again/junit.xml', '--sarif', 'again/run.sarif', '--html', 'again/run.html'], env, dir);
    outputs.set('report stdout', report.stdout);
    outputs.set('report stderr', report.stderr);
    const validate = await cli(['validate', 'run.json'], env, dir);
    outputs.set('validate stdout', validate.stdout);
    outputs.set('validate stderr', validate.stderr);
    const validateJson = await cli(['validate', 'run.json', '--json'], env, dir);
    outputs.set('validate --json stdout', validateJson.stdout);
    for (const sub of ['.', 'again']) {
      for (const name of readdirSync(join(dir, sub))) {
        const path = join(dir, sub, name);
        if (statSync(path).isDirectory()) continue;
        assert.is(statSync(path).mode & 0o777, 0o600, `${sub}/${name} is owner-only`);
        outputs.set(sub === '.' ? name : `${sub}/${name}`, readFileSync(path, 'utf8'));
      }
    }
    return { outputs, dir, check };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function assertNoSecret(outputs: Map<string, string>, secrets: readonly string[]): void {
  for (const [name, text] of outputs) {
    for (const secret of secrets) {
      for (const form of formsOf(secret)) assert.not.ok(text.includes(form), `${name} shows ${JSON.stringify(secret)} (as ${JSON.stringify(form)})`);
    }
  }
}

/** Printable ASCII secrets (any HTTP header value), at least 8 characters, with characters that need escaping in every format. */
const headerSecret = fc.array(fc.oneof(fc.constantFrom('"', '\\', '<', '>', '&', '\'', '/', '=', '%', '$', '{', '}'), fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c))), { minLength: 10, maxLength: 24 }).map((c) => `s3${c.join('')}q9`);
/** Environment secrets may also be multi-byte text. */
const envSecret = fc.tuple(headerSecret, fc.constantFrom('', 'é', '€✓', '𝄞', '日本')).map(([s, u]) => `${s}${u}`);

test('stdio: secret-looking environment values a server echoes everywhere reach no output', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uniqueArray(envSecret, { minLength: 1, maxLength: 3 }), async (secrets) => {
      const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '' };
      secrets.forEach((s, i) => {
        env[['MY_API_TOKEN', 'DB_PASSWORD', 'CLIENT_SECRET'][i]!] = s;
      });
      const { outputs, check } = await everyOutput(['--scope', 'full', '--stdio', '--', process.execPath, PEER], env);
      assert.is(check.status, 1, check.stderr);
      assertNoSecret(outputs, secrets);
      assert.ok(outputs.get('run.json')?.includes('[REDACTED]'), 'the echoes are in the trace, redacted');
    }),
    { seed: 0x5ec2, numRuns: RUNS },
  );
});

/** Echoes the Authorization header everywhere it can: tool descriptions and member names, a response header, an error body. */
class HeaderEchoPeer extends McpHttpPeer {
  protected override answerRequest(req: http.IncomingMessage | undefined, res: http.ServerResponse, message: Json, response: Json, headers?: Record<string, string>): void {
    const auth = String(req?.headers.authorization ?? '');
    if (message['method'] === 'tools/list') {
      const tools = [{ name: 'echo', description: `called with ${auth}`, inputSchema: { type: 'object', properties: { [auth]: { type: 'string', description: auth } } } }];
      return super.answerRequest(req, res, message, { ...response, result: { tools } }, { ...headers, 'x-echo': auth });
    }
    if (message['method'] === 'ping' && this.seen.filter((r) => r.body.includes('"ping"')).length > 1) {
      return this.status(res, 500, { 'content-type': 'text/plain', 'x-echo': auth }, `bad credentials ${auth}`);
    }
    super.answerRequest(req, res, message, response, headers);
  }
}

test('HTTP: a random --header-env secret the server echoes in headers, results, member names and error bodies reaches no output', async () => {
  await fc.assert(
    fc.asyncProperty(headerSecret, async (secret) => {
      const peer = new HeaderEchoPeer('json');
      const url = await peer.start();
      try {
        const env = { PATH: process.env['PATH'] ?? '', MCP_CREDENTIAL: `Bearer ${secret}` };
        const { outputs } = await everyOutput(['--scope', 'full', '--header-env', 'Authorization=MCP_CREDENTIAL', '--url', url.href], env);
        assert.ok(peer.seen.some((r) => r.headers.authorization === `Bearer ${secret}`), 'the header was sent');
        assertNoSecret(outputs, [secret, `Bearer ${secret}`]);
      } finally {
        await peer.stop();
      }
    }),
    { seed: 0x5ec3, numRuns: RUNS },
  );
});

test.run();
