import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `tools` area: tools/list, tools/call and notifications/tools/list_changed. */
export const toolsRules = defineRules('tools', SPEC.tools, {
  'list-result': { text: 'A tools/list result must be {tools, nextCursor?, _meta?} (the cursor and page size are pagination rules).', keyword: 'schema' },
  'duplicate-name': { text: 'In the course profile tool names are unique within a tools/list result (and a sampling request\'s tools), stricter than the tools page, where they SHOULD be unique (tools/name-not-unique).', keyword: 'course' },
  'name-not-unique': {
    text: 'Tool names should be unique within a server: a name listed twice (in one tools/list result, on a later page of the listing, or among a sampling request\'s tools).',
    severity: 'warning',
    keyword: 'SHOULD',
    spec: `${SPEC.tools}#tool-names:~:text=Tool%20names%20SHOULD%20be%20unique%20within%20a%20server`,
  },
  'stale-cursor': {
    text: 'Retired: never raised. The pagination page asks only that cursors be opaque; a client may finish paging a listing after notifications/tools/list_changed.',
    keyword: 'tool',
    severity: 'warning',
    spec: SPEC.pagination,
  },
  'descriptor': { text: 'A tool descriptor must be {name, title?, description?, inputSchema, outputSchema?, annotations?, execution?, icons?, _meta?} with the types the schema gives (in the course profile: a non-empty description is required and _meta is not allowed).', keyword: 'schema' },
  'name-format': {
    keyword: 'SHOULD',
    text: 'A tool name should be 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot (a SHOULD in the specification, so a warning there; the course profile reports tools/name-not-allowed).',
    severity: 'warning',
  },
  'name-not-allowed': {
    keyword: 'course',
    text: 'In the course profile a tool name must be 1 to 128 characters of A-Z, a-z, 0-9, underscore, hyphen and dot.',
    spec: COURSE.tools,
  },
  'schema-root-type': { text: 'A tool inputSchema or outputSchema must have type "object" at its root.', keyword: 'MUST' },
  'call-params': { text: 'tools/call params must be {name, arguments?, task?, _meta?} with a string name and an object of arguments.', keyword: 'schema' },
  'unknown-tool': {
    text: 'In the course profile tools/call must name a tool that the server offers (the tools page has the server answer an unknown tool with an error, and forbids the client nothing).',
    keyword: 'course',
    spec: COURSE.tools,
  },
  'task-not-supported': { text: 'A task-augmented tools/call needs a tool whose execution.taskSupport is "optional" or "required" (absent means "forbidden").', keyword: 'MUST' },
  'task-required': { text: 'A tool whose execution.taskSupport is "required" must be called with task augmentation.', keyword: 'MUST' },
  'call-result': { text: 'A tools/call result must carry content, structuredContent?, isError? and _meta?: an array of content blocks (non-empty in the course profile), an object, a boolean; other members are open.', keyword: 'schema' },
  'structured-content-missing': { text: 'A successful tools/call result of a tool with an outputSchema must carry structuredContent.', keyword: 'MUST' },
  'structured-content-without-text': {
    keyword: 'SHOULD',
    text: 'A result with structuredContent should also return the serialized JSON in a text content block.',
    severity: 'warning',
  },
  'x-mcp-header': {
    text: 'An x-mcp-header annotation in a tool\'s inputSchema (2026-07-28) is a non-empty HTTP token, case-insensitively unique within the inputSchema, on a property of type integer, string or boolean reached from the root through properties keys alone.',
    keyword: 'MUST',
    spec: 'https://modelcontextprotocol.io/specification/2026-07-28/server/tools#x-mcp-header',
  },
  'list-changed-params': { text: 'notifications/tools/list_changed params, when present, are an object whose _meta is an object.', keyword: 'schema' },
});
