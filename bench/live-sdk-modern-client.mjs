// Why: the yardstick for `check --protocol-version 2026-07-28 --stdio`: the 2.x SDK's own client
// pinned to 2026-07-28 (connect sends server/discover), then every page of each list the server
// declared, then close, against the same server, as one whole process.
// Usage: node live-sdk-modern-client.mjs CMD [ARGS...]
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk-modern-client', version: '1.0.0' }, { capabilities: {}, versionNegotiation: { mode: { pin: '2026-07-28' } } });
await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
const capabilities = client.getServerCapabilities() ?? {};
/** Every page of one list, following nextCursor. */
async function all(list) {
  let cursor;
  do cursor = (await list(cursor === undefined ? undefined : { cursor })).nextCursor;
  while (cursor !== undefined);
}
if (capabilities.tools) await all((p) => client.listTools(p));
if (capabilities.resources) {
  await all((p) => client.listResources(p));
  await all((p) => client.listResourceTemplates(p));
}
if (capabilities.prompts) await all((p) => client.listPrompts(p));
await client.close();
