// Why: violations of 2026-07-28 that a check must find, each against a peer whose one defect it
// is, with the rule and pointer, beside the correct peer that must draw none.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { CheckOptions } from '../../live/run-check.ts';
import { checkPeer, clientFindings } from './support.ts';

const MODERN: Partial<CheckOptions> = { era: 'modern', protocolVersion: '2025-11-25' };

// schema-2026-07-28.json, Resource.uri: { "type": "string", "format": "uri" } (RFC 3986).
test('a listed resource whose uri is no URI: format/absolute-uri at its uri; the correct peer draws nothing', async () => {
  const broken = await checkPeer('modern-resource-not-uri', MODERN);
  assert.equal(broken.trace.findings.map((f) => `${f.rule} ${f.pointer}`), ['format/absolute-uri /message/result/resources/0/uri']);
  assert.equal(clientFindings(broken), []);
  const correct = await checkPeer('modern-correct', MODERN);
  assert.equal(correct.trace.findings, []);
});

test.run();
