// Why: 2026-07-28, Streamable HTTP, "Custom Headers from Tool Parameters": "When a server's tool
// definition includes x-mcp-header annotations, conforming clients MUST mirror the designated
// parameter values into HTTP headers", encoded as "Value Encoding" says (string as-is, integer in
// decimal, boolean lowercase, Base64 sentinel when not plain ASCII). check --call builds its
// headers with toolParamHeaders (live/stateless-requests.ts), as every modern request builder does.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toolParamHeaders } from '../../live/stateless-requests.ts';

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

test.run();
