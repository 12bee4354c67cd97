// Why: the matrix is every client against every server, per transport and revision; which SDKs
// take part, which revisions each speaks and how its echo peers are started is data, kept here in
// one place. The SDKs are the checkout's dev dependencies: their versions are read from what is
// installed, and an installed copy of mcp-statechart (which has neither them nor the peers) is told
// so rather than failing half-way.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../files/input-error.ts';
import { ruleById } from '../validators/rules/index.ts';
import { MODERN_VERSION } from '../validators/era.ts';

/** The transports a cell runs over. */
export type MatrixTransport = 'stdio' | 'http';

/** Every transport of the matrix, in the order cells are listed. */
export const MATRIX_TRANSPORTS: readonly MatrixTransport[] = ['stdio', 'http'];

/**
 * The revisions of the matrix, oldest first: those the session judges with a handshake (older
 * ones have no profile), then the stateless 2026-07-28 revision (negotiated by server/discover).
 */
export const MATRIX_REVISIONS: readonly string[] = ['2025-06-18', '2025-11-25', MODERN_VERSION];

/** The revisions of the stateless era (no initialize; a client pins one, a server answers server/discover). */
export const MODERN_REVISIONS: readonly string[] = [MODERN_VERSION];

/**
 * The era-fallback cells' label in place of a revision: the client negotiates the era itself as a
 * client of both eras does (server/discover first, initialize when the answer shows a legacy
 * server), against every server, whatever era it speaks.
 */
export const ERA_AUTO = 'auto';

/** What a cell may be asked to run: every revision, then the era-fallback cells. */
export const MATRIX_CELL_REVISIONS: readonly string[] = [...MATRIX_REVISIONS, ERA_AUTO];

/** One echo server of an SDK: its script (in matrix/peers/) and arguments before the transport, and what it serves. */
export interface SdkServerSpec {
  /** How it is served, named after the SDK in cells when an SDK has more than one server (`dual-era`). */
  readonly variant?: string;
  readonly script: readonly string[];
  /** The revisions of MATRIX_REVISIONS it serves (every server takes part in the era-fallback cells). */
  readonly revisions: readonly string[];
}

/** One SDK as the matrix uses it: where its packages are, what it speaks, and its echo peers. */
export interface SdkSpec {
  /** A short stable key (`sdk-1`, `sdk-1-older`, `sdk-2`). */
  readonly key: string;
  /** The package whose installed version names the SDK in cells (its server package). */
  readonly versionPackage: string;
  /** Every package its peers load (all must be installed). */
  readonly packages: readonly string[];
  /** The handshake revisions of MATRIX_REVISIONS it supports (checked against its SUPPORTED_PROTOCOL_VERSIONS by a test). */
  readonly revisions: readonly string[];
  /** Its echo servers. */
  readonly servers: readonly SdkServerSpec[];
  /** The echo client script (in matrix/peers/) and its arguments before the revision. */
  readonly client: readonly string[];
  /** The revisions (or ERA_AUTO) its echo client runs at. */
  readonly clientRevisions: readonly string[];
}

/**
 * The SDKs of the matrix: the latest 1.x, an older 1.x minor (an npm alias), and the 2.x packages,
 * whose McpServer is served two ways: connected to one transport (a handshake server) and through
 * the SDK's dual-era serving entries (serveStdio, createMcpHandler), which serve 2026-07-28 too.
 */
export const SDKS: readonly SdkSpec[] = [
  {
    key: 'sdk-1',
    versionPackage: '@modelcontextprotocol/sdk',
    packages: ['@modelcontextprotocol/sdk'],
    revisions: ['2025-06-18', '2025-11-25'],
    servers: [{ script: ['sdk-v1-echo-server.mjs', '@modelcontextprotocol/sdk'], revisions: ['2025-06-18', '2025-11-25'] }],
    client: ['sdk-v1-echo-client.mjs', '@modelcontextprotocol/sdk'],
    clientRevisions: ['2025-06-18', '2025-11-25'],
  },
  {
    key: 'sdk-1-older',
    versionPackage: 'sdk-1-older',
    packages: ['sdk-1-older'],
    revisions: ['2025-06-18'],
    servers: [{ script: ['sdk-v1-echo-server.mjs', 'sdk-1-older'], revisions: ['2025-06-18'] }],
    client: ['sdk-v1-echo-client.mjs', 'sdk-1-older'],
    clientRevisions: ['2025-06-18'],
  },
  {
    key: 'sdk-2',
    versionPackage: '@modelcontextprotocol/server',
    packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
    revisions: ['2025-06-18', '2025-11-25'],
    servers: [
      { script: ['sdk-v2-echo-server.mjs'], revisions: ['2025-06-18', '2025-11-25'] },
      { variant: 'dual-era', script: ['sdk-v2-dual-echo-server.mjs'], revisions: ['2025-06-18', '2025-11-25', MODERN_VERSION] },
    ],
    client: ['sdk-v2-echo-client.mjs'],
    clientRevisions: ['2025-06-18', '2025-11-25', MODERN_VERSION, ERA_AUTO],
  },
];

/** A server the matrix starts: its name in cells, what it speaks, and its command per transport. */
export interface MatrixServer {
  readonly name: string;
  readonly revisions: readonly string[];
  /** The argv that starts it (stdio: it speaks on stdin and stdout; http: it prints `listening PORT`). */
  argv(transport: MatrixTransport): readonly string[];
}

/** A client the matrix starts: its name in cells, what it speaks, and its command. */
export interface MatrixClient {
  readonly name: string;
  readonly revisions: readonly string[];
  /** The argv that runs its echo session at `revision` against `target` (stdio: a server argv; http: one URL). */
  argv(revision: string, transport: MatrixTransport, target: readonly string[]): readonly string[];
}

/** The peers of one matrix run. */
export interface MatrixPeers {
  readonly clients: readonly MatrixClient[];
  readonly servers: readonly MatrixServer[];
  /** The stdio relay's script: `RELAY RECORD_FILE -- SERVER_ARGV...`. */
  readonly relay: string;
}

/** The installed version of a package below `root`, if it is installed. */
function installedVersion(root: string, name: string): string | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}

/** The folder of the echo peers below the project root. */
export function peersFolder(root: string): string {
  return join(root, 'matrix', 'peers');
}

/**
 * The matrix's peers from the SDKs installed below `root`, each named `<key> <version>`; throws an
 * InputError (`matrix/sdk-missing`) naming what is missing when an SDK or the peers are not there.
 */
export function installedPeers(root: string, sdks: readonly SdkSpec[] = SDKS): MatrixPeers {
  const peers = peersFolder(root);
  const relay = join(peers, 'stdio-relay.mjs');
  const scripts = [...new Set(sdks.flatMap((s) => [...s.servers.map((v) => v.script[0] as string), s.client[0] as string])),
    'stdio-relay.mjs', 'echo-session.mjs', 'http-sessions.mjs', 'web-bridge.mjs'];
  if (scripts.some((s) => !existsSync(join(peers, s)))) {
    throw new InputError(ruleById('matrix/sdk-missing').id, '', 'the matrix runs from a checkout of mcp-statechart (its echo peers in matrix/peers/ are not part of the installed package)');
  }
  const missing = sdks.flatMap((s) => s.packages).filter((p) => installedVersion(root, p) === undefined);
  if (missing.length > 0) {
    throw new InputError(ruleById('matrix/sdk-missing').id, '', `the matrix needs the SDKs installed as dev dependencies (run npm install in the checkout); missing: ${missing.join(', ')}`);
  }
  const node = process.execPath;
  const clients: MatrixClient[] = [];
  const servers: MatrixServer[] = [];
  for (const sdk of sdks) {
    const name = `${sdk.key} ${installedVersion(root, sdk.versionPackage) as string}`;
    const [clientScript, ...clientArgs] = sdk.client;
    for (const server of sdk.servers) {
      const [serverScript, ...serverArgs] = server.script;
      servers.push({
        name: server.variant === undefined ? name : `${name} ${server.variant}`,
        revisions: [...server.revisions, ERA_AUTO],
        argv: (transport) => [node, join(peers, serverScript as string), ...serverArgs, transport],
      });
    }
    clients.push({
      name,
      revisions: sdk.clientRevisions,
      argv: (revision, transport, target) => [node, join(peers, clientScript as string), ...clientArgs, revision, transport, ...target],
    });
  }
  return { clients, servers, relay };
}
