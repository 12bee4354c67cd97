import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the bounded tool-schema subset (course section 7) and of values checked against it. */
export const toolschemaRules = defineRules('toolschema', SPEC.tools, {
  'not-an-object': { text: 'A tool schema, and every schema nested in it, must be a JSON object.', keyword: 'schema' },
  'unknown-keyword': {
    keyword: 'course',
    text: 'A tool schema may use only the keywords the validator executes; any other keyword would be declared but not executed.',
    spec: COURSE.tools,
  },
  'keyword-not-executed': {
    keyword: 'tool',
    text: 'A schema keyword that JSON Schema (2020-12, or draft-07) does not define is ignored by every validator (declared but not executed).',
    severity: 'warning',
    spec: `${SPEC.basic}#json-schema-usage`,
  },
  'inapplicable-keyword': {
    keyword: 'course',
    text: 'A keyword that does not apply to the schema type is declared but not executed.',
    spec: COURSE.tools,
  },
  'missing-type': {
    keyword: 'course',
    text: 'Every schema node must declare a type the validator executes: object, string, number, integer, boolean or array.',
    spec: COURSE.tools,
  },
  'keyword-value': {
    text: 'Each schema keyword must be well formed: type a known name, properties an object of schemas, required unique strings, enum scalars of the declared type, bounds non-negative integers or finite numbers with min <= max. The course profile also requires: required entries declared in properties, items on every array, maxItems at most 1024 and maxLength at most 100000 (the bounds of undeclared maxima too), and non-empty title, description and $schema.',
    keyword: 'MUST',
  },
  'required-undeclared': {
    keyword: 'SHOULD',
    text: 'A required property should be declared in properties.',
    severity: 'warning',
  },
  'too-deep': { text: 'A tool schema may nest at most 16 levels of schemas below its root (course profile).', spec: COURSE.tools, keyword: 'course' },
  'too-many-nodes': { text: 'A tool schema may contain at most 4096 schemas in total (course profile).', spec: COURSE.tools, keyword: 'course' },
  'too-many-properties': { text: 'An object schema may declare at most 256 properties, and list at most 256 required names (course profile).', spec: COURSE.tools, keyword: 'course' },
  'too-many-enum-values': { text: 'An enum may list at most 256 values (course profile).', spec: COURSE.tools, keyword: 'course' },
  'string-too-long': {
    keyword: 'course',
    text: 'A property name in a tool schema has 1 to 128 characters (course profile; the rule once bounded names, enum strings and texts by 1024 and 4096 characters).',
    spec: COURSE.tools,
  },
  'instance-type': { text: 'A value must have the type its schema declares.', keyword: 'schema' },
  'instance-required': { text: 'An object value must contain every required property.', keyword: 'schema' },
  'instance-unknown-property': { text: 'An object value must not carry unknown values where its schema sets additionalProperties to false.', keyword: 'MUST NOT' },
  'instance-enum': { text: 'A value must be one of the values its schema enumerates.', keyword: 'schema' },
  'instance-min-length': { text: 'A string value must be at least minLength characters long.', keyword: 'schema' },
  'instance-max-length': { text: 'A string value must be at most maxLength characters long.', keyword: 'schema' },
  'instance-minimum': { text: 'A number value must be greater than or equal to its schema minimum.', keyword: 'schema' },
  'instance-maximum': { text: 'A number value must be less than or equal to its schema maximum.', keyword: 'schema' },
  'instance-min-items': { text: 'An array value must hold at least minItems items.', keyword: 'schema' },
  'instance-max-items': { text: 'An array value must hold at most maxItems items.', keyword: 'schema' },
  'instance-limit': {
    keyword: 'course',
    text: 'In the course profile a checked value holds at most 1024 array items or object members, and strings of at most 100000 characters.',
    spec: COURSE.tools,
  },
  'json-schema-invalid': {
    keyword: 'schema',
    text: 'A tool inputSchema or outputSchema must be a valid JSON Schema of its dialect ($schema: 2020-12 by default, 2019-09 or draft-07) that compiles: a known $schema, keywords of the right form, resolvable $refs (specification profiles).',
    spec: `${SPEC.tools}#tool:~:text=inputSchema`,
  },
  'json-schema-too-large': {
    keyword: 'tool',
    severity: 'warning',
    text: 'The checker compiles tool schemas of at most 262,144 characters of JSON; a larger one is not compiled and its values are not checked (the specification sets no size limit).',
    spec: `${SPEC.tools}#tool:~:text=inputSchema`,
  },
  'pattern-unsupported': {
    keyword: 'tool',
    severity: 'warning',
    text: 'The checker runs a tool schema\'s pattern and patternProperties on a linear-time engine (RE2), so no pattern can stall a run; a pattern that engine cannot run (a backreference, lookaround, a repeat count over 1000) is not run and values are not checked against it (the limit is the checker\'s: the specification allows any ECMA-262 pattern).',
    spec: `${SPEC.tools}#tool:~:text=inputSchema`,
  },
  'dialect-unknown': {
    keyword: 'tool',
    severity: 'warning',
    text: 'A tool schema whose $schema names a dialect the checker does not know (it knows 2020-12, 2019-09 and draft-07) is not checked, nor are its values; the schema allows any $schema string.',
    spec: `${SPEC.tools}#tool:~:text=inputSchema`,
  },
  'instance-invalid': {
    keyword: 'schema',
    text: 'A value must conform to its tool schema (arguments to inputSchema; structuredContent to outputSchema, which the tools page says it MUST): a keyword not covered by a more specific instance rule (const, pattern, format, anyOf, oneOf, not, $ref, ...) rejected it.',
    spec: `${SPEC.tools}#output-schema:~:text=Servers%20MUST%20provide%20structured%20results%20that%20conform%20to%20this%20schema`,
  },
});
