// Why: in 2026-07-28 two refusals owe HTTP 400 (basic, `_meta`): the -32602 of a request missing a
// required per-request field, and a MissingRequiredClientCapabilityError (-32021). Each is judged
// from the exchange that draws it and the nearest one that must not, in the HTTP header judge the
// tap uses, and end to end through the tap against a modern peer that answers the malformed
// request -32602 in a 200 (the correct peer's 400 draws nothing). Every peer and tap started here is stopped here.
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpHeaderJudge } from '../../live/http-header-rules.ts';
import { startModernHttpPeer, type ModernHttpChange } from '../peers/http-modern-peers.ts';
import { startTap, tempFolder, validateJson, type RunningTap } from './tap-support.ts';

const ACCEPT = 'application/json, text/event-stream';
const MODERN = { accept: ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
const META = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
const NO_CAPABILITIES = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' };
let exchange = 0;

/** One POST of tools/list with `meta`, answered with `status` and `error`; the findings' rules and pointers. */
function answered(judge: HttpHeaderJudge, headers: Record<string, string>, meta: object | undefined, status: number, error: object): string[] {
  const ex = exchange++;
  const out = [...judge.request(ex, 10 * ex, 'POST', headers),
    ...judge.requestMessage(ex, { jsonrpc: '2.0', id: ex, method: 'tools/list', params: meta === undefined ? {} : { _meta: meta } })];
  judge.response(ex, 10 * ex + 1, status, {});
  out.push(...judge.responseMessage(ex, { jsonrpc: '2.0', id: ex, error }));
  return out.map((f) => `${f.rule.id} ${f.pointer}`);
}

const INVALID = { code: -32602, message: 'Invalid params' };
const MISSING_CAPABILITY = { code: -32021, message: 'Missing capability', data: { requiredCapabilities: { sampling: {} } } };

test('-32602 to a request missing clientCapabilities or protocolVersion owes 400; to a well-formed request, or in a 400, nothing', () => {
  const judge = new HttpHeaderJudge();
  assert.equal(answered(judge, MODERN, NO_CAPABILITIES, 200, INVALID), ['http/malformed-request-not-400 /status']);
  assert.equal(answered(judge, MODERN, { 'io.modelcontextprotocol/clientCapabilities': {} }, 200, INVALID), ['http/malformed-request-not-400 /status']);
  assert.equal(answered(judge, MODERN, NO_CAPABILITIES, 400, INVALID), []);
  // Invalid params for another reason (a bad cursor, say): the page names no status for it.
  assert.equal(answered(judge, MODERN, META, 200, INVALID), []);
  // A 2025 request (no 2026-07-28 header, no _meta) is no malformed 2026-07-28 request.
  const legacy = new HttpHeaderJudge();
  assert.equal(answered(legacy, { accept: ACCEPT }, undefined, 200, INVALID).filter((f) => f.startsWith('http/malformed')), []);
});

test('-32021 owes 400 in 2026-07-28', () => {
  const judge = new HttpHeaderJudge();
  assert.equal(answered(judge, MODERN, META, 200, MISSING_CAPABILITY), ['http/missing-capability-not-400 /status']);
  assert.equal(answered(judge, MODERN, META, 400, MISSING_CAPABILITY), []);
});

const tmp = tempFolder('tap-http-meta-status');
test.after(() => tmp.remove());

/** POSTs a request without clientCapabilities through a tap in front of a modern peer; the trace's rules, judged again by validate. */
async function malformedThroughTap(change: ModernHttpChange, name: string): Promise<{ rules: string[]; status: number }> {
  const peer = await startModernHttpPeer(change);
  const trace = join(tmp.dir, `${name}.json`);
  let tap: RunningTap | undefined;
  let status = 0;
  try {
    tap = startTap(['--listen', '127.0.0.1:0', '--upstream', peer.url.href, '--trace', trace]);
    const m = await tap.stderrMatching(/forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
    const response = await fetch(new URL(m[1] as string), {
      method: 'POST', headers: { ...MODERN, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: NO_CAPABILITIES } }),
    });
    status = response.status;
    await response.text();
    tap.child.kill('SIGINT');
    await tap.ended;
  } finally {
    tap?.kill();
    await peer.stop();
  }
  return { rules: validateJson(trace).report.findings.map((f) => f.rule), status };
}

test('through the tap: a modern peer refusing the malformed request -32602 in a 200 draws http/malformed-request-not-400; the correct peer\'s 400 draws nothing', async () => {
  const wrong = await malformedThroughTap({ malformedStatus: 200 }, 'wrong');
  assert.is(wrong.status, 200);
  assert.ok(wrong.rules.includes('http/malformed-request-not-400'), wrong.rules.join(', '));
  assert.not.ok(wrong.rules.includes('stateless/malformed-request-served'), 'the code is right: only the status is wrong');
  const right = await malformedThroughTap({}, 'right');
  assert.is(right.status, 400);
  assert.not.ok(right.rules.includes('http/malformed-request-not-400'), right.rules.join(', '));
});

test.run();
