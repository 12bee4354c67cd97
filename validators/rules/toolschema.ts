import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the bounded tool-schema subset (course section 7) and of values checked against it. */
export const toolschemaRules = defineRules('toolschema', SPEC.tools, {
  'not-an-object': 'A tool schema, and every schema nested in it, must be a JSON object.',
  'unknown-keyword': {
    text: 'A tool schema may use only the keywords the validator executes; any other keyword would be declared but not executed.',
    spec: COURSE.tools,
  },
  'keyword-not-executed': {
    text: 'A schema keyword that JSON Schema (2020-12, or draft-07) does not define is ignored by every validator (declared but not executed).',
    severity: 'warning',
    spec: `${SPEC.basic}#json-schema-usage`,
  },
  'inapplicable-keyword': {
    text: 'A keyword that does not apply to the schema type is declared but not executed.',
    spec: COURSE.tools,
  },
  'missing-type': {
    text: 'Every schema node must declare a type the validator executes: object, string, number, integer, boolean or array.',
    spec: COURSE.tools,
  },
  'keyword-value':
    'Each schema keyword must be well formed: type a known name, properties an object of schemas, required unique strings, enum scalars of the declared type, bounds non-negative integers or finite numbers with min <= max. The course profile also requires: required entries declared in properties, items on every array, maxItems at most 1024 and maxLength at most 100000 (the bounds of undeclared maxima too), and non-empty title, description and $schema.',
  'required-undeclared': {
    text: 'A required property should be declared in properties.',
    severity: 'warning',
  },
  'too-deep': { text: 'A tool schema may nest at most 16 levels of schemas below its root (course profile).', spec: COURSE.tools },
  'too-many-nodes': { text: 'A tool schema may contain at most 4096 schemas in total (course profile).', spec: COURSE.tools },
  'too-many-properties': { text: 'An object schema may declare at most 256 properties, and list at most 256 required names (course profile).', spec: COURSE.tools },
  'too-many-enum-values': { text: 'An enum may list at most 256 values (course profile).', spec: COURSE.tools },
  'string-too-long': {
    text: 'A property name in a tool schema has 1 to 128 characters (course profile; the rule once bounded names, enum strings and texts by 1024 and 4096 characters).',
    spec: COURSE.tools,
  },
  'instance-type': 'A value must have the type its schema declares.',
  'instance-required': 'An object value must contain every required property.',
  'instance-unknown-property': 'An object value must not carry unknown values where its schema sets additionalProperties to false.',
  'instance-enum': 'A value must be one of the values its schema enumerates.',
  'instance-min-length': 'A string value must be at least minLength characters long.',
  'instance-max-length': 'A string value must be at most maxLength characters long.',
  'instance-minimum': 'A number value must be greater than or equal to its schema minimum.',
  'instance-maximum': 'A number value must be less than or equal to its schema maximum.',
  'instance-min-items': 'An array value must hold at least minItems items.',
  'instance-max-items': 'An array value must hold at most maxItems items.',
  'instance-limit': {
    text: 'In the course profile a checked value holds at most 1024 array items or object members, and strings of at most 100000 characters.',
    spec: COURSE.tools,
  },
});
