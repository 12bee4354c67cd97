import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadAllowlist } from '../../coverage/allowlist.ts';
import { measure } from '../../coverage/measure.ts';
import { buildReport } from '../../coverage/report.ts';
import { bundledFixtures } from './bundled.ts';

// The gate: every declared transition is taken by some bundled case or allowlisted with a reason,
// and the allowlist holds nothing a case now takes, nothing that is not declared.
const report = buildReport(measure(bundledFixtures()), loadAllowlist());

test('no gap: every transition no bundled case takes is allowlisted (coverage --suggest drafts the missing cases)', () => {
  const gaps = Object.values(report.machines).flatMap((m) => m.gaps);
  assert.equal(gaps, []);
});

test('no stale allowlist entry: an allowlisted transition some case takes must leave the list', () => {
  assert.equal(report.stale_allowlist, []);
});

test('no unknown allowlist entry: every entry names a declared transition', () => {
  assert.equal(report.unknown_allowlist, []);
});

test('every allowlist entry gives its reason', () => {
  for (const e of loadAllowlist()) assert.ok(e.reason.trim().length >= 20, `${e.transition}: say why no fixture can reach it`);
});

test.run();
