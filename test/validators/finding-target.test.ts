import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { findingTarget } from '../../validators/finding-target.ts';

test('an item of a list: the tool, prompt, resource, template or task the pointer is inside of', () => {
  const list = { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'a' }, { name: 'echo', inputSchema: { type: 'object' } }] } };
  assert.equal(findingTarget(list, '/message/result/tools/1/inputSchema/type'), { kind: 'tool', name: 'echo' });
  assert.equal(findingTarget(list, '/message/result/tools/1'), { kind: 'tool', name: 'echo' });
  assert.is(findingTarget(list, '/message/result/tools'), undefined, 'the list itself is no one item');
  assert.is(findingTarget(list, '/message/result/tools/7/name'), undefined, 'no such item');
  const read = { jsonrpc: '2.0', id: 3, result: { contents: [{ uri: 'kb://doc', text: 'x' }] } };
  assert.equal(findingTarget(read, '/message/result/contents/0/text'), { kind: 'resource', name: 'kb://doc' });
  const templates = { result: { resourceTemplates: [{ uriTemplate: 'kb://{id}', name: 't' }] } };
  assert.equal(findingTarget(templates, '/message/result/resourceTemplates/0/name'), { kind: 'resource template', name: 'kb://{id}' });
});

test('a request naming one thing in its params; its result, given the request', () => {
  const call = { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: 1 } } };
  assert.equal(findingTarget(call, '/message/params/arguments/text'), { kind: 'tool', name: 'echo' });
  assert.is(findingTarget(call, '/message/id'), undefined);
  const result = { jsonrpc: '2.0', id: 4, result: { content: [] } };
  assert.equal(findingTarget(result, '/message/result/content', { method: 'tools/call', params: call.params }), { kind: 'tool', name: 'echo' });
  const sub = { method: 'resources/subscribe', params: { uri: 'kb://a/b' } };
  assert.equal(findingTarget(sub, '/message/params/uri'), { kind: 'resource', name: 'kb://a/b' });
});

test('escaped pointer tokens, pointers outside the message, and non-objects give nothing or the right item', () => {
  const odd = { result: { tools: [{ name: 'x/y', inputSchema: { properties: { 'a/b': {} } } }] } };
  assert.equal(findingTarget(odd, '/message/result/tools/0/inputSchema/properties/a~1b'), { kind: 'tool', name: 'x/y' });
  assert.is(findingTarget(odd, '/transport_context/tenant'), undefined);
  assert.is(findingTarget('text', '/message/x'), undefined);
  assert.is(findingTarget({ result: { tools: [{ name: 7 }] } }, '/message/result/tools/0'), undefined);
});

test.run();
