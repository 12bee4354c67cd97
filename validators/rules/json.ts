import { COURSE, defineRules, SPEC } from './rule.ts';

const IJSON = 'https://www.rfc-editor.org/rfc/rfc7493';

/** Rules of the `json` area: the strict JSON every message and fixture must be written in. */
export const jsonRules = defineRules('json', SPEC.json, {
  'empty-input': { text: 'The input must contain a JSON value.', spec: `${SPEC.json}#section-2`, keyword: 'RFC' },
  'syntax': { text: 'The input must follow the JSON grammar.', spec: `${SPEC.json}#section-2`, keyword: 'RFC' },
  'trailing-content': { text: 'Nothing but whitespace may follow the JSON value.', spec: `${SPEC.json}#section-2`, keyword: 'RFC' },
  'trailing-comma': { text: 'A comma must be followed by another member or element.', spec: `${SPEC.json}#section-2`, keyword: 'RFC' },
  'comment': { text: 'JSON has no comments.', spec: `${SPEC.json}#section-2`, keyword: 'RFC' },
  'single-quote': { text: 'Strings must be enclosed in double quotes.', spec: `${SPEC.json}#section-7`, keyword: 'RFC' },
  'unquoted-key': { text: 'Object member names must be double-quoted strings.', spec: `${SPEC.json}#section-4`, keyword: 'RFC' },
  'invalid-number': {
    keyword: 'RFC',
    text: 'Numbers must follow the JSON number grammar: no leading zeros, plus sign, hexadecimal or bare decimal point.',
    spec: `${SPEC.json}#section-6`,
  },
  'non-finite-number': {
    keyword: 'RFC',
    text: 'NaN, Infinity and numbers too large for a double are not JSON values.',
    spec: `${SPEC.json}#section-6`,
  },
  'unsafe-integer': {
    keyword: 'SHOULD NOT',
    text: 'An integer beyond ±(2^53-1) should not be sent: a JavaScript peer (IEEE 754 doubles) cannot hold it exactly. The reader keeps its exact value and judges the message: the specification profiles warn, the course profile (whose reference holds integers exactly) does not. This rule used to refuse the whole input; it no longer stops anything.',
    severity: 'warning',
    spec: `${IJSON}#section-2.2`,
  },
  'control-character': { text: 'Control characters in strings must be escaped.', spec: `${SPEC.json}#section-7`, keyword: 'RFC' },
  'invalid-escape': { text: 'Strings may use only the JSON escape sequences.', spec: `${SPEC.json}#section-7`, keyword: 'RFC' },
  'lone-surrogate': { text: 'Strings must not contain unpaired surrogates, escaped or not.', spec: `${IJSON}#section-2.1`, keyword: 'RFC' },
  'duplicate-key': { text: 'Member names within an object must be unique.', spec: `${IJSON}#section-2.3`, keyword: 'RFC' },
  'depth-limit': { text: 'Arrays and objects may nest at most 64 levels deep.', spec: COURSE.strictJson, keyword: 'course' },
  'size-limit': { text: 'A message or fixture may be at most 2,000,000 bytes of UTF-8.', spec: COURSE.strictJson, keyword: 'course' },
  'invalid-utf8': { text: 'The input must be well-formed UTF-8.', spec: `${SPEC.json}#section-8.1`, keyword: 'RFC' },
  'byte-order-mark': { text: 'The input must not begin with a byte-order mark.', spec: `${SPEC.json}#section-8.1`, keyword: 'RFC' },
});
