// Why: the matrix is every client against every server, per transport and revision; which SDKs
// take part, which revisions each speaks and how its echo peers are started is data, kept here in
// one place. The SDKs are the checkout's dev dependencies: their versions are read from what is
// installed, and an installed copy of mcp-statechart (which has neither them nor the peers) is told
// so rather than failing half-way.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../files/input-error.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The transports a cell runs over. */
export type MatrixTransport = 'stdio' | 'http';

/** Every transport of the matrix, in the order cells are listed. */
export const MATRIX_TRANSPORTS: readonly MatrixTransport[] = ['stdio', 'http'];

/** The revisions the session judges with a handshake, oldest first (older ones have no profile). */
export const MATRIX_REVISIONS: readonly string[] = ['2025-06-18', '2025-11-25'];

/** One SDK as the matrix uses it: where its packages are, what it speaks, and its echo peers. */
export interface SdkSpec {
  /** A short stable key (`sdk-1`, `sdk-1-older`, `sdk-2`). */
  readonly key: string;
  /** The package whose installed version names the SDK in cells (its server package). */
  readonly versionPackage: string;
  /** Every package its peers load (all must be installed). */
  readonly packages: readonly string[];
  /** The revisions of MATRIX_REVISIONS it supports (checked against its SUPPORTED_PROTOCOL_VERSIONS by a test). */
  readonly revisions: readonly string[];
  /** The echo server script (in matrix/peers/) and its arguments before the transport. */
  readonly server: readonly string[];
  /** The echo client script (in matrix/peers/) and its arguments before the revision. */
  readonly client: readonly string[];
}

/** The SDKs of the matrix: the latest 1.x, an older 1.x minor (an npm alias), and the 2.x packages. */
export const SDKS: readonly SdkSpec[] = [
  {
    key: 'sdk-1',
    versionPackage: '@modelcontextprotocol/sdk',
    packages: ['@modelcontextprotocol/sdk'],
    revisions: ['2025-06-18', '2025-11-25'],
    server: ['sdk-v1-echo-server.mjs', '@modelcontextprotocol/sdk'],
    client: ['sdk-v1-echo-client.mjs', '@modelcontextprotocol/sdk'],
  },
  {
    key: 'sdk-1-older',
    versionPackage: 'sdk-1-older',
    packages: ['sdk-1-older'],
    revisions: ['2025-06-18'],
    server: ['sdk-v1-echo-server.mjs', 'sdk-1-older'],
    client: ['sdk-v1-echo-client.mjs', 'sdk-1-older'],
  },
  {
    key: 'sdk-2',
    versionPackage: '@modelcontextprotocol/server',
    packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/client'],
    revisions: ['2025-06-18', '2025-11-25'],
    server: ['sdk-v2-echo-server.mjs'],
    client: ['sdk-v2-echo-client.mjs'],
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
  const scripts = [...new Set(sdks.flatMap((s) => [s.server[0] as string, s.client[0] as string])), 'stdio-relay.mjs', 'echo-session.mjs', 'http-sessions.mjs'];
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
    const [serverScript, ...serverArgs] = sdk.server;
    const [clientScript, ...clientArgs] = sdk.client;
    servers.push({ name, revisions: sdk.revisions, argv: (transport) => [node, join(peers, serverScript as string), ...serverArgs, transport] });
    clients.push({
      name,
      revisions: sdk.revisions,
      argv: (revision, transport, target) => [node, join(peers, clientScript as string), ...clientArgs, revision, transport, ...target],
    });
  }
  return { clients, servers, relay };
}
