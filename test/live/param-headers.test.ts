// Why: 2026-07-28, Streamable HTTP, "Custom Headers from Tool Parameters": "When a server's tool
// definition includes x-mcp-header annotations, conforming clients MUST mirror the designated
// parameter values into HTTP headers", encoded as "Value Encoding" says (string as-is, integer in
// decimal, boolean lowercase, Base64 sentinel when not plain ASCII). live/mcp-param-headers.ts is
// the one builder (check's exercise and --call); a tool whose annotations break "Constraints on
// x-mcp-header values" is rejected by the same code that judges it as tools/x-mcp-header.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { paramHeaders, toolParamHeaders } from '../../live/mcp-param-headers.ts';

const tool = (properties: object) => ({ name: 'execute_sql', inputSchema: { type: 'object', properties } });

test('the page example: region us-west1 goes as Mcp-Param-Region: us-west1', () => {
  const t = tool({ region: { type: 'string', 'x-mcp-header': 'Region' }, query: { type: 'string' } });
  assert.equal(toolParamHeaders(t, { region: 'us-west1', query: 'SELECT 1' }), { 'mcp-param-region': 'us-west1' });
});

test('Value Encoding: integer in decimal, boolean lowercase, non-ASCII, padded and sentinel-like values in Base64; an absent value no header', () => {
  const t = tool({
    n: { type: 'integer', 'x-mcp-header': 'N' }, b: { type: 'boolean', 'x-mcp-header': 'B' }, g: { type: 'string', 'x-mcp-header': 'Greeting' },
    p: { type: 'string', 'x-mcp-header': 'Text' }, v: { type: 'string', 'x-mcp-header': 'Val' }, o: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Id' } } },
    missing: { type: 'string', 'x-mcp-header': 'Missing' },
  });
  assert.equal(toolParamHeaders(t, { n: -7, b: false, g: 'Hello, 世界', p: ' padded ', v: '=?base64?literal?=', o: { id: 'x1' } }), {
    'mcp-param-n': '-7', 'mcp-param-b': 'false', 'mcp-param-greeting': '=?base64?SGVsbG8sIOS4lueVjA==?=',
    'mcp-param-text': '=?base64?IHBhZGRlZCA=?=', 'mcp-param-val': '=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=', 'mcp-param-id': 'x1',
  });
});

test('a tool with an invalid annotation (x-mcp-header on a number) mirrors nothing; a tool without annotations none', () => {
  assert.equal(toolParamHeaders(tool({ a: { type: 'number', 'x-mcp-header': 'A' }, r: { type: 'string', 'x-mcp-header': 'R' } }), { a: 1, r: 'x' }), {});
  assert.equal(toolParamHeaders(tool({ r: { type: 'string' } }), { r: 'x' }), {});
  assert.equal(toolParamHeaders(undefined, { r: 'x' }), {});
});

test('a rejected tool names the rule and the pointer of the broken annotation; a valid one lists its parameters in schema order', () => {
  const broken = paramHeaders(tool({ r: { type: 'string', 'x-mcp-header': 'R' }, a: { type: 'number', 'x-mcp-header': 'A' } }));
  assert.ok('invalid' in broken);
  if (!('invalid' in broken)) return;
  assert.is(broken.finding.rule, 'tools/x-mcp-header');
  assert.is(broken.finding.pointer, '/inputSchema/properties/a/x-mcp-header');
  assert.match(broken.invalid, '/inputSchema/properties/a/x-mcp-header');
  assert.equal(paramHeaders(tool({ r: { type: 'string', 'x-mcp-header': 'R' }, o: { type: 'object', properties: { n: { type: 'integer', 'x-mcp-header': 'N' } } } })),
    { headers: [{ name: 'R', path: ['r'] }, { name: 'N', path: ['o', 'n'] }] });
});

test('an x-mcp-header key in instance data (default, const, enum, examples) or a property named x-mcp-header is no annotation', () => {
  const t = tool({
    r: { type: 'string', 'x-mcp-header': 'R', default: 'x', examples: [{ 'x-mcp-header': 'Nope' }] },
    o: { type: 'object', default: { 'x-mcp-header': 'Nope' }, const: { 'x-mcp-header': 'Nope' }, enum: [{ 'x-mcp-header': 'Nope' }] },
    l: { type: 'array', items: { type: 'object', properties: { 'x-mcp-header': { type: 'string' } } } },
  });
  assert.equal(toolParamHeaders(t, { r: 'v', o: { 'x-mcp-header': 'Nope' } }), { 'mcp-param-r': 'v' });
  assert.ok('invalid' in paramHeaders(tool({ l: { type: 'array', items: { type: 'object', properties: { id: { type: 'string', 'x-mcp-header': 'Id' } } } } })), 'under items is still rejected');
});

test('values are read at the exact path, own keys alone; converted by the type of the value itself; an unsafe integer, a fraction or an object is omitted', () => {
  const t = tool({ n: { type: 'integer', 'x-mcp-header': 'N' }, s: { type: 'string', 'x-mcp-header': 'S' }, o: { type: 'object', properties: { toString: { type: 'string', 'x-mcp-header': 'T' } } } });
  assert.equal(toolParamHeaders(t, { n: 2 ** 53, s: { v: 1 }, o: {} }), {});
  assert.equal(toolParamHeaders(t, { s: 5 }), { 'mcp-param-s': '5' }, 'the body holds 5: the header mirrors it, the server judges the argument');
  assert.equal(toolParamHeaders(t, { n: 1.5, s: 'line1\nline2' }), { 'mcp-param-s': '=?base64?bGluZTEKbGluZTI=?=' });
  assert.equal(toolParamHeaders(t, { n: -(2 ** 53) + 1 }), { 'mcp-param-n': String(-(2 ** 53) + 1) });
});

test.run();
