// Why: the live checks will feed whatever a peer sends into the same session, so the CLI must
// hold against input nobody would write on purpose. These generators make hostile transcripts and
// fixtures from a seed: random, flipped and truncated bytes, extreme numbers, deep nesting, huge
// strings and key counts, broken Unicode, NUL, CR and BOM, prototype-named and duplicate keys, ids
// of every type, junk lines, long runs of unanswered requests and unmatched responses, and
// adversarial URI templates. Each input says which commands read it (a transcript: validate; a
// fixture: cases and coverage).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';

/** One hostile input: its name (for messages), its bytes, and whether it is a transcript or a fixture. */
export interface HostileInput {
  readonly name: string;
  readonly kind: 'transcript' | 'fixture';
  readonly bytes: Uint8Array;
}

const encoder = new TextEncoder();
const text = (s: string): Uint8Array => encoder.encode(s);
const R = 'https://mcp.example.test/mcp';
const V = '2025-11-25';

/** A valid transcript: a header with a policy and a template, the handshake, a few exchanges. */
export function validTranscriptLines(): unknown[] {
  return [
    {
      mcp_statechart_transcript: 1,
      profile: 'auto',
      authorization: {
        protected_resource: R,
        initial_revision: 'r1',
        revisions: {
          r1: {
            principals: { ann: { tenant: 't1', scopes: ['resources:read', 'resources:list'] } },
            resources: [{ uri: 'kb://t1/doc', tenant: 't1', children: ['kb://t1/doc/a'] }, { uri: 'kb://t1/doc/a', tenant: 't1' }],
            resourceTemplates: [{ uriTemplate: 'kb://t1/pages/{page}', tenant: 't1' }],
          },
        },
      },
      transport_context_defaults: { transport: 'streamable_http', token_active: true, token_audience: R, resource: R },
    },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: V, capabilities: { roots: {} }, clientInfo: { name: 'c', version: '1.0.0' } } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 1, result: { protocolVersion: V, capabilities: { tools: {}, resources: { subscribe: true } }, serverInfo: { name: 's', version: '1.0.0' } } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', method: 'notifications/initialized' } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'tools/list' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 2, result: { tools: [{ name: 'echo', inputSchema: { type: 'object', properties: { s: { type: 'string' } } } }] } } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'kb://t1/pages/7' } }, transport_context: { subject: 'ann', tenant: 't1', scopes: ['resources:read'], authorization_revision: 'r1' } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 3, result: { contents: [{ uri: 'kb://t1/pages/7', text: 'hi' }] } } },
    { direction: 'server_to_client', message: { jsonrpc: '2.0', id: 'r', method: 'roots/list' } },
    { direction: 'client_to_server', message: { jsonrpc: '2.0', id: 'r', result: { roots: [{ uri: 'file:///home/a' }] } } },
  ];
}

const jsonl = (lines: readonly unknown[]): string => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

/** A valid fixture of our own (read from the project, never third-party data). */
export function validFixtureText(root: string): string {
  return readFileSync(join(root, 'fixtures', 'course-profile', 'correlation.json'), 'utf8');
}

function sample<T>(arb: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arb, { seed, numRuns: 1 })[0] as T;
}

function flip(bytes: Uint8Array, seed: number): Uint8Array {
  const out = bytes.slice();
  const edits = sample(fc.array(fc.tuple(fc.nat({ max: out.length - 1 }), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), seed);
  for (const [at, value] of edits) out[at] = value;
  return out;
}

function truncate(bytes: Uint8Array, seed: number): Uint8Array {
  return bytes.slice(0, sample(fc.nat({ max: bytes.length - 1 }), seed));
}

const nested = (depth: number, open: string, close: string, inner: string): string => open.repeat(depth) + inner + close.repeat(depth);

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** `value` with a prototype-named key added to the object at `path` (raw JSON text, so `__proto__` stays a member). */
function withKeyAt(value: unknown, path: readonly string[], key: string, member: string): string {
  const walk = (v: unknown, rest: readonly string[]): string => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return JSON.stringify(v);
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${JSON.stringify(k)}:${rest[0] === k ? walk(x, rest.slice(1)) : JSON.stringify(x)}`);
    if (rest.length === 0) entries.push(`${JSON.stringify(key)}:${member}`);
    return `{${entries.join(',')}}`;
  };
  return walk(value, path);
}

/** Every object path of `value`, the root first. */
function objectPaths(value: unknown, path: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return [path, ...Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => objectPaths(v, [...path, k]))];
}

/** Ids of every JSON type the strict reader takes (integers past 2^53 - 1 are the numbers case's: the reader refuses them). */
const ID_VALUES = ['null', 'true', 'false', '1.5', '-0', '0', '-1', '1e300', '9007199254740991', '[]', '{}', '""', '"a"', `"${'i'.repeat(10_000)}"`, '{"__proto__": 1}', '"__proto__"', '"constructor"'];
const NUMBERS = ['1e308', '-1e308', '1e400', '-1e400', '1e-400', '5e-324', '-0', '0.0000000000000000000001', '9007199254740993', '123456789012345678901234567890', '1E+2', '-0.0e-0'];

/** Hostile transcripts and fixtures from `seed`; `scale` multiplies the long runs. */
export function hostileInputs(root: string, seed: number, scale = 1): HostileInput[] {
  const lines = validTranscriptLines();
  const transcript = text(jsonl(lines));
  const fixture = text(validFixtureText(root));
  const ping = (id: number): string => `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":${id},"method":"ping"}}`;
  const answer = (id: number): string => `{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":${id},"result":{}}}`;
  const handshake = lines.slice(1, 4).map((l) => JSON.stringify(l));
  const header = lines[0];
  const step = lines[6] as Record<string, unknown>;
  const out: HostileInput[] = [];
  const add = (name: string, kind: HostileInput['kind'], bytes: Uint8Array | string): void => {
    out.push({ name: `${name} (seed ${seed})`, kind, bytes: typeof bytes === 'string' ? text(bytes) : bytes });
  };

  add('random bytes', 'transcript', sample(fc.uint8Array({ maxLength: 4096 }), seed));
  add('random bytes', 'fixture', sample(fc.uint8Array({ maxLength: 4096 }), seed + 1));
  add('random JSON values as lines', 'transcript', jsonl(sample(fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 40 }), seed)));
  add('flipped bytes', 'transcript', flip(transcript, seed));
  add('flipped bytes', 'fixture', flip(fixture, seed));
  add('truncated', 'transcript', truncate(transcript, seed));
  add('truncated', 'fixture', truncate(fixture, seed));

  const number = (i: number): string => NUMBERS[(seed + i) % NUMBERS.length] as string;
  add('huge and tiny numbers', 'transcript', [...handshake,
    `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":${number(0)},"method":"ping"}}`,
    `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"n":${number(1)}},"_meta":{"progressToken":${number(2)}}}}}`,
    `{"direction":"server_to_client","message":{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":${number(3)},"progress":${number(4)},"total":${number(5)}}}}`,
    `{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":5,"result":{"content":[{"type":"text","text":"x"}],"structuredContent":{"v":${number(6)}}}}}`,
  ].join('\n'));
  add('huge number in a fixture', 'fixture', new TextDecoder().decode(fixture).replace('"schema_version": 3', `"schema_version": ${number(7)}`));

  const depth = [65, 1_000, 100_000][seed % 3] as number;
  add(`nesting ${depth} deep`, 'transcript', [...handshake, `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"echo","arguments":${nested(depth, '{"a":', '}', '1')}}}}`, nested(depth, '[', ']', '')].join('\n'));
  add(`nesting ${depth} deep`, 'fixture', new TextDecoder().decode(fixture).replace('"cases": [', `"deep": ${nested(depth, '[', ']', '')}, "cases": [`));

  add('huge string and key count', 'transcript', [...handshake,
    `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"echo","arguments":{"s":"${'x'.repeat(1_900_000)}"}}}}`,
    `{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":10,"result":{"content":[],"structuredContent":{${Array.from({ length: 60_000 }, (_, i) => `"k${i}":${i}`).join(',')}}}}}`,
    `"${'y'.repeat(2_000_001)}"`,
    ping(11),
  ].join('\n'));

  const unicode = [
    '"\\ud800"', '"\\udfff\\ud800"', '"a\\u0000b"', '"\u0000"', '\ufeff{}', '{"a":"\ufeff"}',
  ];
  add('lone surrogates, NUL, BOM', 'transcript', [...handshake,
    `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":12,"method":"ping","params":{"_meta":{"s":${unicode[seed % 4]}}}}}`,
    unicode[(seed + 1) % unicode.length] as string,
  ].join('\n'));
  add('raw invalid UTF-8 and NUL bytes', 'transcript', new Uint8Array([...transcript.slice(0, 40), 0xed, 0xa0, 0x80, 0x00, 0xc3, 0x28, 0xff, 0x0a, ...transcript.slice(40)]));
  add('CR, CRLF and bare CR line ends', 'transcript', jsonl(lines).replace(/\n/g, ['\r\n', '\r', '\n\r', '\r\r\n'][seed % 4] as string));
  add('byte-order mark', 'fixture', new Uint8Array([0xef, 0xbb, 0xbf, ...fixture]));
  add('byte-order mark', 'transcript', new Uint8Array([0xef, 0xbb, 0xbf, ...transcript]));

  // Prototype-named keys: at every object of the header and of a step, one at a time.
  const key = PROTO_KEYS[seed % PROTO_KEYS.length] as string;
  const member = ['{}', '1', 'null', '{"x":1}', '"r1"'][seed % 5] as string;
  const headerPaths = objectPaths(header);
  const stepPaths = objectPaths(step);
  const headerPath = headerPaths[seed % headerPaths.length] as string[];
  const stepPath = stepPaths[(seed * 7) % stepPaths.length] as string[];
  add(`key ${key} at /${headerPath.join('/')} of the header and /${stepPath.join('/')} of a step`, 'transcript',
    [withKeyAt(header, headerPath, key, member), ...lines.slice(1, 6).map((l) => JSON.stringify(l)), withKeyAt(step, stepPath, key, member)].join('\n'));
  const fixtureValue = JSON.parse(new TextDecoder().decode(fixture)) as unknown;
  const fixturePaths = objectPaths(fixtureValue);
  const fixturePath = fixturePaths[(seed * 13) % fixturePaths.length] as string[];
  add(`key ${key} at /${fixturePath.join('/')} of a fixture`, 'fixture', withKeyAt(fixtureValue, fixturePath, key, member));

  add('duplicate keys', 'transcript', [...handshake,
    '{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":13,"id":14,"method":"ping"}}',
    '{"direction":"client_to_server","direction":"server_to_client","message":{}}',
    `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":15,"method":"ping","params":{"_meta":{"${key}":1,"${key}":2}}}}`,
  ].join('\n'));
  add('duplicate keys', 'fixture', new TextDecoder().decode(fixture).replace('"schema_version": 3,', '"schema_version": 3, "schema_version": 3,'));

  const ids = ID_VALUES.slice(seed % 4);
  add('ids of every type', 'transcript', [...handshake,
    ...ids.map((id) => `{"direction":"client_to_server","message":{"jsonrpc":"2.0","id":${id},"method":"ping"}}`),
    ...ids.map((id) => `{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":${id},"result":{}}}`),
    ...ids.map((id) => `{"direction":"server_to_client","message":{"jsonrpc":"2.0","id":${id},"error":{"code":-32600,"message":"x"}}}`),
  ].join('\n'));

  const junk = sample(fc.array(fc.oneof(fc.string(), fc.constantFrom('}{', 'null', '[]', '1', '"x"', '{', ',', '{"direction":1}', '//', 'NaN', 'Infinity', '\t', ' ')), { minLength: 1, maxLength: 12 }), seed);
  add('junk between valid lines', 'transcript', lines.flatMap((l, i) => (i === 0 ? [JSON.stringify(l)] : [junk[i % junk.length] as string, JSON.stringify(l)])).join('\n'));

  const run = 30_000 * scale;
  const pings: string[] = [];
  for (let id = 100; id < 100 + run; id++) pings.push(ping(id));
  add(`${run} unanswered requests`, 'transcript', [...handshake, ...pings].join('\n'));
  const answers: string[] = [];
  for (let id = 100; id < 100 + run; id++) answers.push(answer(id));
  add(`${run} unmatched responses`, 'transcript', [...handshake, ...answers].join('\n'));
  const fixtureCase = new TextDecoder().decode(fixture).replace('"cases": [', `"cases": [{"name":"many_pings","description":"Unanswered pings.","expect":"pass","steps":[${pings.slice(0, 15_000).join(',')}]},`);
  add('a fixture case of 15000 unanswered requests', 'fixture', fixtureCase);

  const vars = 4 + (seed % 12);
  const template = `kb://t1/${Array.from({ length: vars }, (_, i) => `{${['', '+', '.', '/', ';', '?', '&', '#'][(seed + i) % 8]}v${i}}`).join('')}x`;
  const templateHeader = JSON.parse(JSON.stringify(header)) as { authorization: { revisions: { r1: { resourceTemplates: { uriTemplate: string; tenant: string }[] } } } };
  templateHeader.authorization.revisions.r1.resourceTemplates.push({ uriTemplate: template, tenant: 't1' }, { uriTemplate: `kb://{a}{b}{c}{d}{e}{f}{g}{h}{i}{j}x`, tenant: 't1' });
  const uri = `kb://t1/${'a'.repeat(60 + seed * 997 % 200_000)}`;
  add(`adversarial template ${template}`, 'transcript', [JSON.stringify(templateHeader), ...handshake,
    JSON.stringify({ ...step, message: { jsonrpc: '2.0', id: 16, method: 'resources/read', params: { uri } } }),
    JSON.stringify({ ...step, message: { jsonrpc: '2.0', id: 17, method: 'resources/read', params: { uri: `kb://${'/'.repeat(1000)}${'a'.repeat(50_000)}` } } }),
  ].join('\n'));
  const fixtureTemplate = JSON.parse(new TextDecoder().decode(fixture)) as {
    authorization: { revisions: Record<string, { resourceTemplates: { uriTemplate: string; tenant: string }[] }> };
    cases: unknown[];
  };
  for (const rev of Object.values(fixtureTemplate.authorization.revisions)) rev.resourceTemplates.push({ uriTemplate: template.replace('kb://t1/', 'notes://team-x/'), tenant: 'team-x' });
  fixtureTemplate.cases = [{
    name: 'adversarial_template', description: 'A read against a template of many expressions in a row.', expect: 'pass',
    steps: [{ direction: 'client_to_server', message: { jsonrpc: '2.0', id: 2, method: 'resources/read', params: { uri: `notes://team-x/${'a'.repeat(100_000)}` } },
      transport_context: { subject: 'ana', tenant: 'team-x', scopes: ['resources:read'], authorization_revision: 'rev-1' } }],
  }];
  add(`adversarial template ${template} in a fixture`, 'fixture', JSON.stringify(fixtureTemplate));
  return out;
}
