// Why: the yardstick for `check --exercise all`: the official 1.x SDK's own client making the same
// calls against the same server (bench/exercise-server.mjs) as one whole process: initialize, every
// list, the resource read, the template expanded and read, the prompt got and every tool called
// once, then close. Usage: node live-sdk-exercise-client.mjs CMD [ARGS...]
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { z } from 'zod';
import { PROMPT, RESOURCE, TEMPLATE, tools } from './exercise-surface.mjs';

const [command, ...args] = process.argv.slice(2);
const client = new Client({ name: 'bench-sdk-exercise-client', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command, args, stderr: 'pipe' }));
await client.listTools();
await client.listResources();
await client.listResourceTemplates();
await client.listPrompts();
await client.readResource({ uri: RESOURCE.uri });
await client.readResource({ uri: TEMPLATE.uriTemplate.replace('{day}', TEMPLATE.day) });
await client.getPrompt({ name: PROMPT.name, arguments: PROMPT.args });
for (const tool of tools(z)) {
  const result = await client.callTool({ name: tool.name, arguments: tool.args });
  if (result.isError === true) throw new Error(`${tool.name} answered an error`);
}
await client.close();
