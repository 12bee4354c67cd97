// Why: the stderr excerpt a trace keeps is cut from text already redacted, from raw bytes kept
// wider than the excerpt, so a secret the server echoes never survives the cut in part; the cut
// falls on character boundaries and says how much it left out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BoundedText } from '../../live/bounded-text.ts';
import { Redactor, REDACTED } from '../../trace/redaction.ts';

const SECRET = 'QWERTYUIOPASDFGH';
const redactor = new Redactor([SECRET]);

/** The excerpt of `text` pushed in chunks of `chunk` bytes. */
function excerptOf(text: string, max: number, margin: number, chunk = 7) {
  const bounded = new BoundedText(max, margin);
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += chunk) bounded.push(bytes.subarray(i, i + chunk));
  return bounded.text((t, m, keep) => redactor.cut(t, m, keep));
}

/** Whether any four characters of the secret in a row are left once whole redactions are removed. */
function leaksPart(text: string): boolean {
  const rest = text.replaceAll(REDACTED, '');
  for (let i = 0; i + 4 <= SECRET.length; i++) if (rest.includes(SECRET.slice(i, i + 4))) return true;
  return false;
}

test('what fits is kept whole and redacted', () => {
  assert.equal(excerptOf(`a ${SECRET} b\n`, 64, 32), { text: `a ${REDACTED} b\n`, truncated: false });
  assert.equal(new BoundedText(64).text(), { text: '', truncated: false });
});

test('a secret at any place relative to the cuts never shows in part, whether the raw bytes were kept whole or not', () => {
  for (const total of [100, 400]) {
    for (let at = 0; at < total - SECRET.length; at++) {
      const text = '.'.repeat(at) + SECRET + '.'.repeat(total - at - SECRET.length);
      const { text: shown, truncated } = excerptOf(text, 40, 32);
      assert.ok(truncated);
      assert.not.ok(leaksPart(shown), `secret at ${at} of ${total}: ${shown}`);
      const [head, tail] = shown.split(/\n\[\.\.\. \d+ bytes left out \.\.\.\]\n/);
      // A secret the cut falls inside is replaced whole by the marker, which may pass the half by its own length.
      const bound = 20 + REDACTED.length;
      assert.ok(Buffer.byteLength(head!) <= bound && Buffer.byteLength(tail!) <= bound, shown);
    }
  }
});

test('without the margin, a secret the raw window cuts in two would show in part (why the margin exists)', () => {
  const text = '.'.repeat(10) + SECRET + '.'.repeat(200);
  assert.ok(leaksPart(excerptOf(text, 40, 0).text));
  assert.not.ok(leaksPart(excerptOf(text, 40, 32).text));
});

test('the count of bytes left out is exact, and the cuts fall between characters', () => {
  const text = 'é'.repeat(100);
  const { text: shown } = excerptOf(text, 21, 0, 3);
  const [head, tail] = shown.split(/\n\[\.\.\. \d+ bytes left out \.\.\.\]\n/);
  assert.not.ok(shown.includes('\uFFFD'), shown);
  const left = Number(/(\d+) bytes left out/.exec(shown)![1]);
  assert.is(Buffer.byteLength(head!) + Buffer.byteLength(tail!) + left, 200);
  const kept = excerptOf(text, 21, 1000, 3);
  assert.not.ok(kept.text.includes('\uFFFD'));
  assert.is(Number(/(\d+) bytes left out/.exec(kept.text)![1]) + Buffer.byteLength(kept.text.replace(/\n\[.*\]\n/, '')), 200);
});

test.run();
