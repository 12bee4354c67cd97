// Why: the checker names itself the same way in the initialize request it sends and in the
// traces it writes, from the one version number in package.json.
import packageJson from '../package.json' with { type: 'json' };

/** The tool's name and version as written in a trace's `generator`: `mcp-statechart 0.1.0`. */
export const GENERATOR = `mcp-statechart ${packageJson.version}`;

/** The clientInfo the live checker sends in initialize. */
export const CLIENT_INFO = { name: 'mcp-statechart', version: packageJson.version } as const;
