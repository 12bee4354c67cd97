// Why: "Clients using the Streamable HTTP transport MUST reject tool definitions where any
// x-mcp-header value violates these constraints. Rejection means the client MUST exclude the
// invalid tool from the result of tools/list" (streamable-http, Schema Extension). In 2026-07-28
// the fail tool is offered with an annotation on a number parameter ("Parameters with type number
// are not permitted"), so a client over HTTP never calls it: http/client-invalid-tool-called. The
// tools/list page that offers it is the server's deliberate probe (marked `probe` in the trace),
// so the session does not blame the judging server for the definition (tools/x-mcp-header).
import type { JsonObject } from '../../validators/context.ts';
import type { ProbeKind } from '../../live/live-judge.ts';
import type { ScenarioEntry } from './context.ts';

export const invalidHeaderTool: ScenarioEntry = {
  by: 'client',
  text: '2026-07-28: the fail tool carries an invalid x-mcp-header annotation (on a number); a client over HTTP must exclude it and never call it',
};

/** The property the invalid annotation sits on. */
const RATIO = 'ratio';

/** The probe mark of a tools/list page that offers the invalidly annotated tool. */
export function invalidOfferProbe(page: readonly JsonObject[]): ProbeKind | undefined {
  return page.some((tool) => {
    const schema = tool['inputSchema'] as JsonObject | undefined;
    const properties = schema?.['properties'] as JsonObject | undefined;
    return properties !== undefined && Object.hasOwn(properties, RATIO);
  }) ? 'invalid-tool-offer' : undefined;
}

/** fail as 2026-07-28 offers it: an annotation the page forbids. */
export function invalidlyAnnotatedFail(tool: JsonObject): JsonObject {
  return { ...tool, inputSchema: { type: 'object', properties: { [RATIO]: { type: 'number', 'x-mcp-header': 'Ratio' } } } };
}
