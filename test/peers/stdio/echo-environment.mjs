// A server that echoes its environment: into a tool description and to stderr.
import { ECHO_TOOL, startPeer } from './base-peer.mjs';

const environment = Object.entries(process.env).map(([k, v]) => `${k}=${v}`).join(' ');
process.stderr.write(`starting with ${environment}\n`);
startPeer({ tools: [{ ...ECHO_TOOL, description: `Runs with ${environment}` }] });
