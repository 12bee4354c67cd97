// Why: fuzz drives a server's own tools from their schemas. A bug that shows only for some valid
// inputs must be found and shrunk to one call with the smallest failing value, and the saved trace
// must replay 10/10; answers that cross between two overlapping calls of two tools must be found; a
// correct server with rich schemas must come out clean; a tool not annotated read-only (or one
// annotated destructive) must never be called under the default policy, in fuzz or in a replay of
// a trace that names it; arguments the schema refuses answered as valid are a warning.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ExerciseMode } from '../../exercise/tool-policy.ts';
import { runFuzz, type FuzzResult } from '../../fuzz/run-fuzz.ts';
import { runReplay } from '../../fuzz/run-replay.ts';
import { runSequence } from '../../fuzz/run-sequence.ts';
import type { LiveTarget } from '../../live/connection.ts';
import { streamableHttp } from '../../live/streamable-http.ts';
import type { Action } from '../../trace/action-schema.ts';
import { parseTrace, replayableSequence } from '../../trace/parse-trace.ts';
import { traceText } from '../../trace/trace-file.ts';
import type { Trace } from '../../trace/trace-schema.ts';
import { createMcpHandler, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { sendWebResponse, webRequest } from '../../matrix/peers/web-bridge.mjs';
import { listenLoopback, type RunningPeer } from '../peers/http-peer.ts';
// @ts-expect-error: a plain ES module shared with the stdio peer, without types.
import { cleanSdk2Server } from '../peers/exercise-clean-sdk2.mjs';
import { actionsOf, errorRules } from './support.ts';

const SEED = 7;
const ENV = { PATH: process.env['PATH'] ?? '' };

function peer(name: string): LiveTarget {
  return { transport: 'stdio', command: [process.execPath, new URL(`../peers/${name}.mjs`, import.meta.url).pathname] };
}

const common = { headerEnv: [], timeoutMs: 2000, protocolVersion: '2025-11-25', env: ENV, httpTransport: streamableHttp } as const;

function fuzz(target: LiveTarget, runs: number, exercise: ExerciseMode = 'safe'): Promise<FuzzResult> {
  return runFuzz({ ...common, target, runs, seed: SEED, maxSteps: 20, exercise, recorded: { runs, seed: SEED, exercise } });
}

async function replay(result: FuzzResult, target: LiveTarget, exercise: ExerciseMode, runs = 10) {
  const trace = parseTrace(new TextEncoder().encode(traceText(result.run.trace)));
  return runReplay(replayableSequence(trace), trace.signature, { ...common, target, runs, exercise, recorded: { runs, exercise } });
}

/** The tool names of the tools/call requests a trace's client sent. */
function calledTools(trace: Trace): string[] {
  const names: string[] = [];
  for (const event of trace.events) {
    if (event.kind !== 'message' || event.direction !== 'client_to_server') continue;
    const message = event.message as { method?: unknown; params?: { name?: unknown } } | undefined;
    if (message?.method === 'tools/call' && typeof message.params?.name === 'string') names.push(message.params.name);
  }
  return names;
}

test('a read-only tool that breaks its outputSchema only above 3: found, shrunk to one call with n = 4, replayed 10/10', async () => {
  const target = peer('fuzz-surface-threshold');
  const found = await fuzz(target, 50);
  assert.is(found.outcome, 'found');
  assert.equal(actionsOf(found), [{ kind: 'call', args: { tool: 'get_value', arguments: { n: 4 } } }]);
  assert.equal(errorRules(found), ['toolschema/instance-type']);
  const finding = found.run.trace.findings.find((f) => f.rule === 'toolschema/instance-type');
  assert.is(finding?.pointer, '/message/result/structuredContent/value');
  const replayed = await replay(found, target, 'safe');
  assert.is(replayed.reproduced, 10);
  assert.is(replayed.last.trace.signature, found.run.trace.signature);
  // The replay's own policy decides: under --exercise none the trace's call is not played.
  const withheld = await replay(found, target, 'none', 1);
  assert.is(withheld.reproduced, 0);
  assert.equal(calledTools(withheld.last.trace), []);
});

test('answers crossed between two overlapping calls of two tools: found, shrunk to the two calls', async () => {
  const found = await fuzz(peer('fuzz-surface-crossed'), 50);
  assert.is(found.outcome, 'found');
  const actions = actionsOf(found);
  assert.is(actions.length, 2, JSON.stringify(actions));
  assert.equal(new Set(actions.map((a) => (a.kind === 'call' ? a.args.tool : a.kind))), new Set(['city_name', 'city_population']));
  assert.ok(errorRules(found).includes('toolschema/instance-required'), errorRules(found).join(', '));
});

test('a correct SDK 1.x server with rich schemas: clean, its read-only tools called, the others never', async () => {
  const target = peer('fuzz-surface-correct');
  const result = await fuzz(target, 15);
  assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  assert.equal(result.run.trace.findings.filter((f) => f.severity === 'error'), []);
  // A trace naming the destructive and the unannotated tool: under the default policy only the read-only one is called.
  const actions: Action[] = [
    { kind: 'call', args: { tool: 'wipe', arguments: { really: true } } },
    { kind: 'call', args: { tool: 'notify', arguments: { message: 'hi' } } },
    { kind: 'call', args: { tool: 'forecast', arguments: { city: 'a', days: 1 } } },
    { kind: 'invalid-call', args: { tool: 'forecast', arguments: { city: 'a', days: 'x' }, how: '/days is "x" where the schema asks for integer' } },
    { kind: 'read' },
    { kind: 'prompt' },
  ];
  const run = await runSequence(actions, { ...common, target, mode: 'replay', seed: SEED, exercise: 'safe', recorded: {} });
  assert.equal(calledTools(run.trace), ['forecast', 'forecast']);
  assert.is(run.trace.status, 'pass', JSON.stringify(run.trace.findings));
  // Under --exercise all the destructive tool is called (and this peer ends when it is).
  const all = await runSequence(actions.slice(0, 1), { ...common, target, mode: 'replay', seed: SEED, exercise: 'all', recorded: {} });
  assert.equal(calledTools(all.trace), ['wipe']);
});

test('arguments the schema refuses, answered as valid: the robustness warning; refused: nothing', async () => {
  const target = peer('fuzz-surface-threshold');
  const accepted = await runSequence([{ kind: 'invalid-call', args: { tool: 'get_value', arguments: { n: 1, label: 42 }, how: '/label is 42 where the schema asks for string' } }], { ...common, target, mode: 'replay', seed: SEED, exercise: 'safe', recorded: {} });
  assert.equal(accepted.trace.findings.map((f) => `${f.rule} ${f.severity} ${f.pointer}`), ['probe/invalid-arguments-accepted warning /message/result']);
  const refused = await runSequence([{ kind: 'invalid-call', args: { tool: 'get_value', arguments: { n: 'x' }, how: '/n is "x" where the schema asks for integer' } }], { ...common, target, mode: 'replay', seed: SEED, exercise: 'safe', recorded: {} });
  assert.equal(refused.trace.findings, []);
  assert.equal(calledTools(refused.trace), ['get_value']);
});

test('a call in flight is cancelled by `cancel`, an invalid-arguments probe never (the session tracks no probe: cancelling one is the checker\'s fault), both eras', async () => {
  const cancels = (trace: Trace) => trace.events.filter((e) => e.kind === 'message' && (e.message as { method?: unknown } | undefined)?.method === 'notifications/cancelled').length;
  const legacy = peer('fuzz-surface-threshold');
  const modern: LiveTarget = { transport: 'stdio', command: [process.execPath, new URL('../peers/stdio/modern-correct.mjs', import.meta.url).pathname] };
  for (const [target, era, tool, good, bad] of [[legacy, 'legacy', 'get_value', { n: 1 }, { n: 'x' }], [modern, 'modern', 'echo', { text: 'hi' }, {}]] as const) {
    const probe = await runSequence([{ kind: 'invalid-call', args: { tool, arguments: bad, how: 'refused' } }, { kind: 'cancel', args: { which: 'oldest' } }], { ...common, target, mode: 'replay', seed: SEED, era, exercise: era === 'modern' ? 'all' : 'safe', recorded: {} });
    assert.is(cancels(probe.trace), 0, era);
    assert.equal(probe.trace.findings.filter((f) => f.severity === 'error'), [], era);
    const call = await runSequence([{ kind: 'call', args: { tool, arguments: good } }, { kind: 'cancel', args: { which: 'oldest' } }], { ...common, target, mode: 'replay', seed: SEED, era, exercise: era === 'modern' ? 'all' : 'safe', recorded: {} });
    assert.is(cancels(call.trace), 1, era);
    assert.equal(call.trace.findings.filter((f) => f.severity === 'error'), [], era);
  }
});

test('the stateless revision (2026-07-28): calls learnt from tools/list carry their _meta; refused arguments served are the same warning', async () => {
  const target: LiveTarget = { transport: 'stdio', command: [process.execPath, new URL('../peers/stdio/modern-correct.mjs', import.meta.url).pathname] };
  const actions: Action[] = [
    { kind: 'call', args: { tool: 'echo', arguments: { text: 'hi' } } },
    { kind: 'invalid-call', args: { tool: 'echo', arguments: {}, how: 'required member /text left out' } },
    { kind: 'call', args: { tool: 'not-listed', arguments: {} } },
  ];
  const run = await runSequence(actions, { ...common, target, mode: 'replay', seed: SEED, era: 'modern', exercise: 'all', recorded: {} });
  assert.equal(calledTools(run.trace), ['echo', 'echo']);
  assert.equal(run.trace.findings.map((f) => `${f.rule} ${f.severity}`), ['probe/invalid-arguments-accepted warning']);
  const found = await runFuzz({ ...common, target, runs: 10, seed: SEED, maxSteps: 20, era: 'modern', exercise: 'all', recorded: {} });
  assert.is(found.outcome, 'clean', JSON.stringify(found.run.trace.findings));
});

/** The params of the requests of `method` a trace's client sent. */
function sentParams(trace: Trace, method: string): unknown[] {
  const out: unknown[] = [];
  for (const event of trace.events) {
    if (event.kind !== 'message' || event.direction !== 'client_to_server') continue;
    const message = event.message as { method?: unknown; params?: { _meta?: unknown } & Record<string, unknown> } | undefined;
    if (message?.method !== method) continue;
    const { _meta, ...params } = message.params ?? {};
    out.push(params);
  }
  return out;
}

test('a prompt that requires an argument and a resource template: a defect behind either is found, shrunk to the one get or read with its arguments, replayed 10/10', async () => {
  for (const [flag, rule, kind] of [['--bad-prompt', 'prompts/message', 'prompt'], ['--bad-template', 'content/resource-contents-shape', 'read']] as const) {
    const base = peer('fuzz-surface-prompts');
    const target: LiveTarget = { transport: 'stdio', command: [...(base.transport === 'stdio' ? base.command : []), flag] };
    const found = await fuzz(target, 30);
    assert.is(found.outcome, 'found', flag);
    assert.equal(errorRules(found), [rule], flag);
    const actions = actionsOf(found);
    assert.is(actions.length, 1, JSON.stringify(actions));
    const action = actions[0];
    assert.is(action?.kind, kind);
    if (action?.kind === 'prompt') {
      assert.is(action.args?.name, 'summarize');
      assert.type(action.args?.arguments['topic'], 'string');
      assert.equal(sentParams(found.run.trace, 'prompts/get'), [{ name: 'summarize', arguments: action.args?.arguments }]);
    }
    if (action?.kind === 'read') {
      assert.is(action.args?.template, 'notes://{day}');
      assert.equal(sentParams(found.run.trace, 'resources/read'), [{ uri: `notes://${action.args?.values['day']}` }]);
    }
    const replayed = await replay(found, target, 'safe');
    assert.is(replayed.reproduced, 10, flag);
    assert.is(replayed.last.trace.signature, found.run.trace.signature);
  }
});

test('the same server without a defect: clean; a prompt or template the target does not list is neither got nor read', async () => {
  const target = peer('fuzz-surface-prompts');
  const result = await fuzz(target, 15);
  assert.is(result.outcome, 'clean', JSON.stringify(result.run.trace.findings));
  const actions: Action[] = [
    { kind: 'prompt', args: { name: 'not-listed', arguments: { topic: 'x' } } },
    { kind: 'read', args: { template: 'file:///{path}', values: { path: 'etc' } } },
    { kind: 'prompt', args: { name: 'summarize', arguments: { topic: 'tea' } } },
    { kind: 'read', args: { template: 'notes://{day}', values: { day: 'monday' } } },
  ];
  const run = await runSequence(actions, { ...common, target, mode: 'replay', seed: SEED, exercise: 'safe', recorded: {} });
  assert.equal(sentParams(run.trace, 'prompts/get'), [{ name: 'summarize', arguments: { topic: 'tea' } }]);
  assert.equal(sentParams(run.trace, 'resources/read'), [{ uri: 'notes://monday' }]);
  assert.equal(run.trace.findings, []);
});

test('the stateless revision (2026-07-28): a prompt with a required argument got and a template read with the arguments the action carries', async () => {
  const target: LiveTarget = { transport: 'stdio', command: [process.execPath, new URL('../peers/exercise-clean-sdk2.mjs', import.meta.url).pathname] };
  const actions: Action[] = [
    { kind: 'prompt', args: { name: 'review', arguments: { title: 'dune' } } },
    { kind: 'read', args: { template: 'catalog://items/{kind}', values: { kind: 'book' } } },
    { kind: 'prompt', args: { name: 'not-listed', arguments: {} } },
  ];
  const run = await runSequence(actions, { ...common, target, mode: 'replay', seed: SEED, era: 'modern', exercise: 'safe', recorded: {} });
  assert.equal(sentParams(run.trace, 'prompts/get'), [{ name: 'review', arguments: { title: 'dune' } }]);
  assert.equal(sentParams(run.trace, 'resources/read'), [{ uri: 'catalog://items/book' }]);
  assert.equal(run.trace.findings.filter((f) => f.severity === 'error'), []);
});

/** createMcpHandler over the clean exercise surface on 127.0.0.1; `refuseParamHeaders`: a tools/call carrying Mcp-Param-Region is refused as a header mismatch. */
async function exerciseHttp(refuseParamHeaders: boolean, factory: () => unknown = cleanSdk2Server, header = 'mcp-param-region'): Promise<RunningPeer> {
  const handler = createMcpHandler(factory as typeof cleanSdk2Server, { legacy: 'stateless' });
  let port = '0';
  const peer = await listenLoopback((req, res) => {
    if (refuseParamHeaders && req.headers[header] !== undefined) {
      req.resume();
      req.on('end', () => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32020, message: 'Mcp-Param-Region does not match the arguments' } }));
      });
      return;
    }
    void (async () => sendWebResponse(await handler.fetch(await webRequest(req, port)), res))().catch(() => res.destroy());
  });
  port = peer.url.port;
  return { ...peer, stop: async () => { await handler.close(); await peer.stop(); } };
}

/** A 2.x SDK server whose one tool, `echo`, mirrors its text into Mcp-Param-Text. */
function echoWithHeader(): McpServer {
  const server = new McpServer({ name: 'echo-with-header', version: '1.0.0' });
  server.registerTool('echo', { description: 'Echoes its text.', annotations: { readOnlyHint: true }, inputSchema: z.object({ text: z.string().meta({ 'x-mcp-header': 'Text' }) }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }));
  return server;
}

test('Streamable HTTP, 2026-07-28: the echo action\'s marked call carries the Mcp-Param header its tool asks for too', async () => {
  for (const refuse of [false, true]) {
    const peer = await exerciseHttp(refuse, echoWithHeader, 'mcp-param-text');
    try {
      const target: LiveTarget = { transport: 'http', url: peer.url.href };
      const run = await runSequence([{ kind: 'echo' }], { ...common, target, mode: 'replay', seed: SEED, era: 'modern', exercise: 'none', recorded: {} });
      const calls = run.trace.events.filter((e) => e.kind === 'http_request' && e.headers['mcp-method'] === 'tools/call');
      assert.is(calls.length, 1);
      const marker = sentParams(run.trace, 'tools/call')[0] as { arguments: { text: string } };
      assert.is(calls[0]?.kind === 'http_request' ? calls[0].headers['mcp-param-text'] : undefined, marker.arguments.text);
      if (refuse) assert.ok(run.trace.findings.some((f) => f.severity === 'error'), JSON.stringify(run.trace.findings));
      else assert.equal(run.trace.findings, [], JSON.stringify(run.trace.findings));
    } finally {
      await peer.stop();
    }
  }
});

/** The Mcp-Param-Region header of each tools/call of search_catalog a trace's client sent over HTTP. */
function regionHeaders(trace: Trace): (string | undefined)[] {
  return trace.events.filter((e) => e.kind === 'http_request' && e.headers['mcp-method'] === 'tools/call' && e.headers['mcp-name'] === 'search_catalog').map((e) => (e.kind === 'http_request' ? e.headers['mcp-param-region'] : undefined));
}

test('Streamable HTTP, 2026-07-28: a call carries the Mcp-Param headers its x-mcp-header asks for, so a correct server is clean; one refusing correct headers is caught', async () => {
  const actions: Action[] = [
    { kind: 'call', args: { tool: 'search_catalog', arguments: { query: 'dune', region: 'eu-west', kind: 'book' } } },
    { kind: 'call', args: { tool: 'convert_units', arguments: { value: 3, from: 'm', to: 'ft' } } },
  ];
  for (const refuse of [false, true]) {
    const peer = await exerciseHttp(refuse);
    try {
      const target: LiveTarget = { transport: 'http', url: peer.url.href };
      const run = await runSequence(actions, { ...common, target, mode: 'replay', seed: SEED, era: 'modern', exercise: 'safe', recorded: {} });
      assert.equal(regionHeaders(run.trace), ['eu-west'], `refuse: ${refuse}`);
      assert.equal(calledTools(run.trace), ['search_catalog', 'convert_units']);
      if (refuse) assert.ok(run.trace.findings.some((f) => f.severity === 'error'), JSON.stringify(run.trace.findings));
      else assert.equal(run.trace.findings, [], JSON.stringify(run.trace.findings));
    } finally {
      await peer.stop();
    }
  }
});

test.run();
