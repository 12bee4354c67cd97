import { defineRules, SPEC } from './rule.ts';

/** Rules of the bounded tool-schema subset (course section 7) and of values checked against it. */
export const toolschemaRules = defineRules('toolschema', SPEC.tools, {
  'not-an-object': 'A tool schema, and every schema nested in it, must be a JSON object.',
  'unknown-keyword': {
    text: 'A tool schema may use only the keywords the validator executes; any other keyword would be declared but not executed.',
    spec: SPEC.course,
  },
  'keyword-not-executed': {
    text: 'A schema keyword that JSON Schema (2020-12, or draft-07) does not define is ignored by every validator (declared but not executed).',
    severity: 'warning',
    spec: `${SPEC.basic}#json-schema-usage`,
  },
  'inapplicable-keyword': {
    text: 'A keyword that does not apply to the schema type is declared but not executed.',
    spec: SPEC.course,
  },
  'missing-type': {
    text: 'Every schema node must declare a type the validator executes: object, string, number, integer, boolean or array.',
    spec: SPEC.course,
  },
  'keyword-value':
    'Each schema keyword must be well formed: type a known name, properties an object of schemas, required unique strings, enum scalars of the declared type, bounds non-negative integers or finite numbers with min <= max.',
  'required-undeclared': {
    text: 'A required property should be declared in properties.',
    severity: 'warning',
  },
  'too-deep': { text: 'A tool schema may nest at most 8 levels of schemas.', spec: SPEC.course },
  'too-many-nodes': { text: 'A tool schema may contain at most 512 schemas in total.', spec: SPEC.course },
  'too-many-properties': { text: 'An object schema may declare at most 64 properties.', spec: SPEC.course },
  'too-many-enum-values': { text: 'An enum may list at most 64 values.', spec: SPEC.course },
  'string-too-long': {
    text: 'Property names and enum strings in a tool schema are at most 1024 characters, titles and descriptions at most 4096.',
    spec: SPEC.course,
  },
  'instance-type': 'A value must have the type its schema declares.',
  'instance-required': 'An object value must contain every required property.',
  'instance-unknown-property': 'An object value must not carry unknown values where its schema sets additionalProperties to false.',
  'instance-enum': 'A value must be one of the values its schema enumerates.',
  'instance-min-length': 'A string value must be at least minLength characters long.',
  'instance-max-length': 'A string value must be at most maxLength characters long.',
  'instance-minimum': 'A number value must be greater than or equal to its schema minimum.',
  'instance-maximum': 'A number value must be less than or equal to its schema maximum.',
});
