// Why: a string schema with a `format` (zod's z.email(), z.uuid(), z.iso.datetime(), z.url() ...)
// is judged by ajv-formats, so a value must be one that ajv-formats accepts. Each format maps to a
// fast-check arbitrary of small, typical values (example.com addresses, dates of this decade), so
// shrinking still works and a server is never handed something only an RFC lawyer would send.
import fc from 'fast-check';

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
const segment = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const moment = fc.date({ min: new Date('2020-01-01T00:00:00.000Z'), max: new Date('2030-12-31T23:59:59.000Z'), noInvalidDate: true });
const second = (d: Date): Date => new Date(Math.floor(d.getTime() / 1000) * 1000);

/** The arbitrary of each format the generator knows, by the name JSON Schema and ajv-formats give it. */
const FORMATS: Readonly<Record<string, fc.Arbitrary<string>>> = {
  'date-time': moment.map((d) => second(d).toISOString().replace('.000Z', 'Z')),
  date: moment.map((d) => d.toISOString().slice(0, 10)),
  time: moment.map((d) => `${d.toISOString().slice(11, 19)}Z`),
  duration: fc.integer({ min: 1, max: 60 }).map((n) => `PT${n}S`),
  email: fc.tuple(label, fc.constantFrom('example.com', 'example.org')).map(([l, d]) => `${l}@${d}`),
  'idn-email': fc.tuple(label, fc.constantFrom('example.com', 'example.org')).map(([l, d]) => `${l}@${d}`),
  hostname: label.map((l) => `${l}.example.com`),
  'idn-hostname': label.map((l) => `${l}.example.com`),
  ipv4: fc.ipV4(),
  ipv6: fc.ipV6(),
  uri: fc.array(segment, { maxLength: 3 }).map((p) => `https://example.com/${p.join('/')}`),
  url: fc.array(segment, { maxLength: 3 }).map((p) => `https://example.com/${p.join('/')}`),
  iri: fc.array(segment, { maxLength: 3 }).map((p) => `https://example.com/${p.join('/')}`),
  'uri-reference': fc.array(segment, { maxLength: 3 }).map((p) => `/${p.join('/')}`),
  'iri-reference': fc.array(segment, { maxLength: 3 }).map((p) => `/${p.join('/')}`),
  'uri-template': segment.map((s) => `https://example.com/${s}/{id}`),
  uuid: fc.uuid({ version: 4 }),
  guid: fc.uuid({ version: 4 }),
  'json-pointer': fc.array(segment, { maxLength: 3 }).map((p) => p.map((s) => `/${s}`).join('')),
  'relative-json-pointer': fc.integer({ min: 0, max: 3 }).map(String),
  regex: fc.constantFrom('^a$', '[a-z]+', 'b'),
  byte: fc.base64String({ maxLength: 16 }),
  base64: fc.base64String({ maxLength: 16 }),
  cuid: fc.stringMatching(/^c[a-z0-9]{24}$/),
  cuid2: fc.stringMatching(/^[a-z][a-z0-9]{23}$/),
  ulid: fc.stringMatching(/^[0-9A-HJKMNP-TV-Z]{26}$/),
  emoji: fc.constantFrom('🙂', '👍', '✨'),
};

/** The arbitrary of a string `format`, or undefined for a format the generator does not know (then the string's other keywords decide). */
export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  return Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
}
