import { InputError } from '../files/input-error.ts';
import type { Fixture, FixtureCase } from '../runner/fixture-schema.ts';
import { profileForFixture } from '../runner/profile-for.ts';
import { runCase, type CaseResult } from '../runner/run-case.ts';
import { startStatelyBridge, type StatelyBridge } from './stately-bridge.ts';
import { ruleById } from '../validators/rules/index.ts';

/** A running Stately bridge: the case's inspection events were sent; `stop` closes everything. */
export interface StatelyStream {
  readonly result: CaseResult;
  readonly url: string;
  /** The page that shows the Stately inspector (it loads stately.ai). */
  readonly pageUrl: string;
  stop(): Promise<void>;
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
 * Plays a case with `@statelyai/inspect`'s WebSocket inspector: our loopback bridge on `port`
 * keeps the events (it replays them to whoever connects), and the inspector sends them over the
 * loopback WebSocket. The packages are optional and imported only here. (The package's own bridge
 * server listens on every interface, so it is not used.)
 */
export async function streamToStately(fixture: Fixture, kase: FixtureCase, index: number, port: number, profileId?: string): Promise<StatelyStream> {
  const missing = new InputError(ruleById('cli/optional-package-missing').id, '', '--stately needs the optional packages @statelyai/inspect and ws (npm install @statelyai/inspect ws)');
  let inspect: typeof import('@statelyai/inspect');
  let bridge: StatelyBridge;
  try {
    inspect = await import('@statelyai/inspect');
  } catch {
    throw missing;
  }
  try {
    bridge = await startStatelyBridge(port);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND') throw missing;
    if (code === 'EADDRINUSE') throw new InputError(ruleById('cli/port-unavailable').id, '', `port ${port} on 127.0.0.1 is in use`);
    throw new InputError(ruleById('cli/port-unavailable').id, '', `cannot listen on 127.0.0.1:${port} (${code ?? 'unknown error'})`);
  }
  const url = bridge.url;
  const inspector = inspect.createWebSocketInspector({ url });
  const adapter = inspector.adapter as unknown as { status: string; ws?: { bufferedAmount: number } };
  const stop = async (): Promise<void> => {
    inspector.stop();
    await bridge.stop();
  };
  try {
    const result = runCase(fixture, kase, index, { profile: profileForFixture(fixture, profileId), inspect: (e) => inspector.inspect.next?.(e) });
    if (!(await until(() => adapter.status === 'open', OPEN_TIMEOUT_MS))) throw new Error(`could not reach the inspector bridge at ${url}`);
    await until(() => (adapter.ws?.bufferedAmount ?? 0) === 0, OPEN_TIMEOUT_MS);
    return { result, url, pageUrl: bridge.pageUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
