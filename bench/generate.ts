// Why: the benchmark needs traffic that is realistic (both directions, interleaved requests,
// authorization-bound resources, subscriptions, revision switches) and valid, so it measures the
// path every accepted message takes, and reproducible, so two runs measure the same bytes.
import type { Direction } from '../validators/context.ts';
import { BENCH_REVISIONS } from './bench-session.ts';
import { EPISODES, handshake, type BenchContext, type EpisodeEnv, type PlannedMessage } from './episodes.ts';
import { Prng } from './prng.ts';

/** One generated step: a message as wire text with its sender and context, or a revision switch. */
export type GeneratedStep =
  | { readonly kind: 'message'; readonly direction: Direction; readonly text: string; readonly context?: BenchContext }
  | { readonly kind: 'control'; readonly revision: string };

/** The seed the benchmark uses unless told otherwise. */
export const DEFAULT_SEED = 20251125;

const MAX_OPEN = 4;
const SWITCH_CHANCE = 0.02;
const TOTAL_WEIGHT = EPISODES.reduce((sum, e) => sum + e.weight, 0);

function pickEpisode(rng: Prng, exclusiveOpen: boolean): (typeof EPISODES)[number] {
  for (;;) {
    let r = rng.next() * TOTAL_WEIGHT;
    for (const e of EPISODES) {
      r -= e.weight;
      if (r < 0) {
        if (e.exclusive && exclusiveOpen) break;
        return e;
      }
    }
  }
}

function emit(m: PlannedMessage): GeneratedStep {
  const text = JSON.stringify(m.message);
  return m.context ? { kind: 'message', direction: m.direction, text, context: m.context } : { kind: 'message', direction: m.direction, text };
}

/**
 * Generates exactly `messages` messages (plus control steps) of one valid session: the handshake,
 * then up to four exchanges open at once, their messages interleaved at random, and now and then,
 * when nothing is pending, a switch of the authorization revision. Same seed, same steps.
 */
export function* generateSteps(messages: number, seed = DEFAULT_SEED): Generator<GeneratedStep> {
  const rng = new Prng(seed);
  let count = 0;
  for (const m of handshake('2025-11-25')) {
    if (count >= messages) return;
    count += 1;
    yield emit(m);
  }
  const next: Record<Direction, number> = { client_to_server: 2, server_to_client: 1 };
  let revision: string = BENCH_REVISIONS[0];
  const env: EpisodeEnv = {
    rng,
    get revision() {
      return revision;
    },
    id(direction) {
      const n = next[direction]++;
      // The server uses string ids now and then: "5" and 5 are different ids.
      return direction === 'server_to_client' && n % 3 === 0 ? `s-${n}` : n;
    },
  };
  const open: { queue: PlannedMessage[]; at: number; exclusive: boolean }[] = [];
  while (count < messages) {
    if (open.length === 0 && rng.chance(SWITCH_CHANCE)) {
      revision = revision === BENCH_REVISIONS[0] ? BENCH_REVISIONS[1] : BENCH_REVISIONS[0];
      yield { kind: 'control', revision };
    }
    if (open.length === 0 || (open.length < MAX_OPEN && rng.chance(0.35))) {
      const kind = pickEpisode(rng, open.some((o) => o.exclusive));
      open.push({ queue: kind.build(env), at: 0, exclusive: kind.exclusive === true });
    }
    const i = rng.int(open.length);
    const episode = open[i] as (typeof open)[number];
    const m = episode.queue[episode.at++] as PlannedMessage;
    if (episode.at === episode.queue.length) open.splice(i, 1);
    count += 1;
    yield emit(m);
  }
}

/** The transcript line of a generated step (`{direction, transport_context?, message}` or `{control_event}`). */
export function stepLine(step: GeneratedStep): string {
  if (step.kind === 'control') return `{"control_event":{"type":"activate_authorization_revision","revision":${JSON.stringify(step.revision)}}}`;
  const context = step.context ? `,"transport_context":${JSON.stringify(step.context)}` : '';
  return `{"direction":"${step.direction}"${context},"message":${step.text}}`;
}
