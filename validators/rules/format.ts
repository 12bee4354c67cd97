import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `format` area: string formats shared by every message family. */
export const formatRules = defineRules('format', SPEC.schema, {
  'absolute-uri': {
    keyword: 'RFC',
    text: 'A URI must be an absolute RFC 3986 URI (scheme first, RFC 3986 characters only).',
    spec: SPEC.uri,
  },
  'uri-limits': {
    keyword: 'course',
    text: 'In the course profile a URI is at most 2048 characters long and its port, when it has one, at most 65535, as its reference reads URIs.',
    spec: COURSE.resources,
  },
  'uri-template': {
    keyword: 'RFC',
    text: 'A URI template must be an absolute RFC 6570 URI template (in the course profile with at least one expression).',
    spec: SPEC.uriTemplate,
  },
  'mime-type': {
    keyword: 'RFC',
    text: 'A mimeType must be an RFC 6838 media type `type/subtype`, with optional parameters.',
    spec: 'https://www.rfc-editor.org/rfc/rfc6838#section-4.2',
  },
  base64: {
    keyword: 'RFC',
    text: 'Binary data must be valid base64: RFC 4648 alphabet, `=` padded, canonical, no whitespace.',
    spec: SPEC.base64,
  },
  timestamp: {
    keyword: 'SHOULD',
    text: 'An annotations lastModified should be an ISO 8601 date or RFC 3339 date-time with a zone (the schema: "Should be an ISO 8601 formatted string"); a warning in the specification profiles, while the course profile asks only for a non-empty string.',
    severity: 'warning',
    spec: `${SPEC.schema}#annotations`,
  },
});
