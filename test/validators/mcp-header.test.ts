// Why: the 2026-07-28 tools page lets a tool's inputSchema carry x-mcp-header ("Properties MAY
// include an x-mcp-header annotation to expose ...") and lists its constraints ("MUST NOT be
// empty", "MUST match HTTP field-name token syntax", "MUST be case-insensitively unique", "MUST only
// be applied to parameters with primitive types (integer, string, boolean)", "MUST only be applied
// to properties that are statically reachable from the schema root"). A valid annotation is no
// finding (and no "keyword not executed" warning); each broken constraint is tools/x-mcp-header.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { ValidationContext } from '../../validators/context.ts';
import { headerParams } from '../../validators/mcp-header.ts';
import { SPEC_2025_11_25, SPEC_2026_07_28 } from '../../validators/profiles.ts';
import { validateToolDescriptor } from '../../validators/tool-descriptor.ts';
import { pairs } from './support.ts';

const modern: ValidationContext = { profile: SPEC_2026_07_28, tools: new Map() };
const older: ValidationContext = { profile: SPEC_2025_11_25, tools: new Map() };
const tool = (properties: object, extra: object = {}) => ({ name: 'execute_sql', inputSchema: { type: 'object', properties, ...extra } });
const judged = (t: object, c = modern) => pairs(validateToolDescriptor(t, '/tool', c));

test('the tools page example (region mirrored as Mcp-Param-Region) is no finding, nor a keyword-not-executed warning, in either revision', () => {
  const example = tool({ region: { type: 'string', description: 'The region', 'x-mcp-header': 'Region' }, query: { type: 'string' } }, { required: ['region', 'query'] });
  assert.equal(judged(example), []);
  assert.equal(judged(example, older), []);
  assert.equal(headerParams(example.inputSchema), [{ name: 'Region', path: ['region'] }]);
  // Integer and boolean parameters, and nested objects reached through properties, are allowed.
  const nested = tool({ n: { type: 'integer', 'x-mcp-header': 'N' }, b: { type: 'boolean', 'x-mcp-header': 'Flag' }, o: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Id' } } } });
  assert.equal(judged(nested), []);
  assert.equal(headerParams(nested.inputSchema).map((p) => p.path.join('.')), ['n', 'b', 'o.id']);
});

test('each broken constraint is tools/x-mcp-header at the annotation', () => {
  const at = (name: string) => `tools/x-mcp-header /tool/inputSchema/properties/${name}/x-mcp-header`;
  assert.equal(judged(tool({ a: { type: 'string', 'x-mcp-header': '' } })), [at('a')], 'MUST NOT be empty');
  assert.equal(judged(tool({ a: { type: 'string', 'x-mcp-header': 'Re gion' } })), [at('a')], 'MUST match token syntax');
  assert.equal(judged(tool({ a: { type: 'string', 'x-mcp-header': 'X\r\nY' } })), [at('a')], 'MUST NOT contain CR or LF');
  assert.equal(judged(tool({ a: { type: 'string', 'x-mcp-header': 'Region' }, b: { type: 'string', 'x-mcp-header': 'region' } })), [at('b')], 'case-insensitively unique');
  assert.equal(judged(tool({ a: { type: 'number', 'x-mcp-header': 'A' } })), [at('a')], 'number is not permitted');
  assert.equal(judged(tool({ a: { type: 'object', 'x-mcp-header': 'A' } })), [at('a')], 'an object is no primitive');
  assert.equal(judged(tool({ a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } })), ['tools/x-mcp-header /tool/inputSchema/properties/a/items/x-mcp-header'], 'not through items');
  assert.equal(judged(tool({ a: { anyOf: [{ type: 'string', 'x-mcp-header': 'A' }] } })), ['tools/x-mcp-header /tool/inputSchema/properties/a/anyOf/0/x-mcp-header'], 'not through anyOf');
  assert.equal(headerParams(tool({ a: { type: 'number', 'x-mcp-header': 'A' } }).inputSchema), [], 'an invalid tool mirrors nothing');
});

test('before 2026-07-28 x-mcp-header is no rule: no finding', () => {
  assert.equal(judged(tool({ a: { type: 'number', 'x-mcp-header': '' } }), older), []);
});

test.run();
