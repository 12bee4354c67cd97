// Why: a long exercise shows how far it has got; the progress it reports must count every item it
// takes up (sent or set aside) against a total it never passes, and the answers that were no result.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runExercise, type ExerciseHost, type ExerciseProgress } from '../../live/exercise.ts';
import type { Listed } from '../../live/list-items.ts';
import type { Answer } from '../../live/exchange.ts';

const listed: Listed = {
  tools: [
    { name: 'lookup', inputSchema: { type: 'object', properties: { q: { type: 'string' } } }, annotations: { readOnlyHint: true } },
    { name: 'delete_all', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
  ],
  resources: [{ uri: 'kb://a', name: 'a' }, { uri: 'kb://b', name: 'b' }],
  resourceTemplates: [{ uriTemplate: 'kb://{id}', name: 't' }],
  prompts: [{ name: 'brief' }],
} as unknown as Listed;

function host(refuse: string): { host: ExerciseHost; sent: string[] } {
  const sent: string[] = [];
  const answer = (what: string): Answer => (what === refuse
    ? { kind: 'error', error: { code: -32602, message: 'no' } }
    : { kind: 'result', result: { contents: [] } }) as unknown as Answer;
  return {
    sent,
    host: {
      mirrorsHeaders: false,
      request: async (method, params) => {
        sent.push(`${method} ${String(params['uri'] ?? params['name'] ?? '')}`);
        return answer(String(params['uri'] ?? params['name']));
      },
      callTool: async (tool) => {
        sent.push(`tools/call ${String(tool['name'])}`);
        return answer(String(tool['name']));
      },
    },
  };
}

test('the exercise reports each item it takes up, sent or set aside, up to its total, and the answers that were no result', async () => {
  const seen: ExerciseProgress[] = [];
  const { host: h, sent } = host('kb://b');
  const { ended } = await runExercise(h, {}, listed, { mode: 'safe', seed: 1, named: new Set(), onProgress: (p) => seen.push(p) });
  assert.is(ended, false);
  assert.equal(sent, ['resources/read kb://a', 'resources/read kb://b', `resources/read ${sent[2]?.slice('resources/read '.length)}`, 'prompts/get brief', 'tools/call lookup']);
  assert.equal(seen.map((p) => p.done), [1, 2, 3, 4, 5, 6]);
  assert.ok(seen.every((p) => p.total === 6), JSON.stringify(seen));
  assert.equal(seen.map((p) => p.unanswered), [0, 1, 1, 1, 1, 1]);
});

test('under --exercise none nothing is taken up and no progress is told', async () => {
  const seen: ExerciseProgress[] = [];
  const { host: h, sent } = host('');
  await runExercise(h, {}, listed, { mode: 'none', seed: 1, named: new Set(), onProgress: (p) => seen.push(p) });
  assert.equal(sent, []);
  assert.equal(seen, []);
});

test.run();
