// Why: the clean exercise surface (exercise-clean-server.mjs) on the 1.x SDK over stdio, as its users
// write a server: McpServer, StdioServerTransport, the zod the SDK depends on.
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { registerClean } from './exercise-clean-server.mjs';

const server = registerClean(new McpServer({ name: 'exercise-clean-sdk1', version: '1.0.0' }), { z, ResourceTemplate, completable });
await server.connect(new StdioServerTransport());
