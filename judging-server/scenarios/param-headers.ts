// Why: in 2026-07-28 a Streamable HTTP client "MUST mirror the designated parameter values into
// HTTP headers" (streamable-http, Custom Headers from Tool Parameters): echo's `text` is offered
// with an x-mcp-header annotation, so a call of echo over HTTP owes Mcp-Param-Text, Base64-encoded
// when the text is not plain ASCII. The tap's header judge (live/http-header-rules.ts) judges the
// headers against the tool as listed, as it does for any server: http/client-param-header.
import type { JsonObject } from '../../validators/context.ts';
import type { ScenarioEntry } from './context.ts';

export const paramHeaders: ScenarioEntry = {
  by: 'client',
  text: '2026-07-28: echo\'s text is an x-mcp-header parameter; over HTTP a call of echo mirrors it into Mcp-Param-Text (Base64 when not plain ASCII)',
};

/** The annotation's header name. */
export const ECHO_HEADER = 'Text';

/** echo as 2026-07-28 offers it: its text annotated. */
export function annotatedEcho(tool: JsonObject): JsonObject {
  return { ...tool, inputSchema: { type: 'object', properties: { text: { type: 'string', 'x-mcp-header': ECHO_HEADER } }, required: ['text'] } };
}
