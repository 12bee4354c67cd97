// Why: the session id is a credential with strict rules (kept only from a valid InitializeResult,
// visible ASCII only, never recorded), so the state that holds it is tested on its own.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { HttpSessionState, isValidInitializeResult, isVisibleAscii } from '../../live/http-session.ts';

const RESULT = { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } };

test('visible ASCII is 0x21 to 0x7E, and not empty', () => {
  assert.ok(isVisibleAscii('a1-B2_~!'));
  for (const bad of ['', 'a b', 'tab\there', 'é', 'x\u007f']) assert.not.ok(isVisibleAscii(bad), JSON.stringify(bad));
});

test('a valid InitializeResult is judged by the initialize validator, under the version it names', () => {
  assert.ok(isValidInitializeResult(RESULT));
  assert.ok(isValidInitializeResult({ ...RESULT, protocolVersion: '2025-06-18' }));
  assert.not.ok(isValidInitializeResult({ protocolVersion: '2025-11-25', capabilities: {} }));
  assert.not.ok(isValidInitializeResult({ ...RESULT, serverInfo: { name: 's' } }));
  assert.not.ok(isValidInitializeResult({ ...RESULT, protocolVersion: 7 }));
  assert.not.ok(isValidInitializeResult(undefined));
});

test('before initialization no session header is sent; after it, the id and the negotiated version', () => {
  const told: string[] = [];
  const s = new HttpSessionState((id, p) => told.push(`${id}>${p}`));
  assert.equal(s.headers(), {});
  assert.equal(s.adopt(RESULT, 'abc-123'), { badCharacters: false });
  assert.equal(s.headers(), { 'mcp-session-id': 'abc-123', 'mcp-protocol-version': '2025-11-25' });
  assert.is(s.end, 'open');
  assert.equal(told, ['abc-123>session-1']);
});

test('without an offered id the version is still sent; an id with a space is kept but flagged', () => {
  const none = new HttpSessionState();
  none.adopt(RESULT, undefined);
  assert.equal(none.headers(), { 'mcp-protocol-version': '2025-11-25' });
  assert.is(none.end, 'none');
  const spaced = new HttpSessionState();
  assert.equal(spaced.adopt(RESULT, 'a b'), { badCharacters: true });
  assert.is(spaced.id, 'a b');
  const unsendable = new HttpSessionState();
  assert.equal(unsendable.adopt(RESULT, 'a\nb'), { badCharacters: true });
  assert.is(unsendable.id, undefined, 'a value that is no HTTP header value cannot be sent');
});

test('a stray offer is reported once; the id in force is no stray; every id seen is scrubbed, longest first', () => {
  const s = new HttpSessionState();
  s.adopt(RESULT, 'abcdefgh');
  assert.not.ok(s.isStrayOffer('abcdefgh'));
  assert.ok(s.isStrayOffer('abcdefghijk'));
  assert.not.ok(s.isStrayOffer('abcdefghijk'));
  assert.is(s.scrub('ids abcdefghijk and abcdefgh'), 'ids session-2 and session-1');
});

test('an id too short to be a secret replaces only a text that is exactly it, never the letters of other texts', () => {
  const s = new HttpSessionState();
  s.adopt(RESULT, 'e');
  assert.is(s.scrub('e'), 'session-1');
  assert.is(s.scrub('events and errors'), 'events and errors');
});

test.run();
