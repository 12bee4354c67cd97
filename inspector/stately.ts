import type { Fixture, FixtureCase } from '../runner/fixture-schema.ts';
import { profileForFixture } from '../runner/profile-for.ts';
import { runCase, type CaseResult } from '../runner/run-case.ts';

/** A running Stately bridge: the case's inspection events were sent; `stop` closes everything. */
export interface StatelyStream {
  readonly result: CaseResult;
  readonly url: string;
  stop(): void;
}

const OPEN_TIMEOUT_MS = 5_000;

async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/**
 * Plays a case with `@statelyai/inspect`'s WebSocket inspector: a bridge server on `port` keeps
 * the events (it replays them to whoever connects), and the inspector sends them over the
 * loopback WebSocket. The package is optional and imported only here.
 */
export async function streamToStately(fixture: Fixture, kase: FixtureCase, index: number, port: number): Promise<StatelyStream> {
  let inspect: typeof import('@statelyai/inspect');
  let server: typeof import('@statelyai/inspect/server');
  try {
    inspect = await import('@statelyai/inspect');
    server = await import('@statelyai/inspect/server');
  } catch {
    throw new Error('--stately needs the optional package @statelyai/inspect (npm install @statelyai/inspect)');
  }
  const bridge = server.createInspectorServer({ port, autoOpen: false });
  const url = `ws://127.0.0.1:${port}`;
  const inspector = inspect.createWebSocketInspector({ url });
  const adapter = inspector.adapter as unknown as { status: string; ws?: { bufferedAmount: number } };
  const stop = (): void => {
    inspector.stop();
    bridge.stop();
  };
  try {
    const result = runCase(fixture, kase, index, { profile: profileForFixture(fixture), inspect: (e) => inspector.inspect.next?.(e) });
    if (!(await until(() => adapter.status === 'open', OPEN_TIMEOUT_MS))) throw new Error(`could not reach the inspector bridge at ${url}`);
    await until(() => (adapter.ws?.bufferedAmount ?? 0) === 0, OPEN_TIMEOUT_MS);
    return { result, url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
