/**
 * Accepted form content checked against the requestedSchema of the elicitation/create request it
 * answers: required fields, declared fields only, types, enums, lengths, ranges, formats, item counts.
 */
import type { JsonObject } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { isAbsoluteUri, isIsoTimestamp } from './format.ts';
import { fieldKind } from './elicitation-schema.ts';
import { isJsonObject, ownMember, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { isDateTime } from './tasks.ts';
import { ruleById } from './rules/index.ts';

const FORMATS: Readonly<Record<string, (s: string) => boolean>> = {
  email: (s) => /^[^\s@]+@[^\s@]+$/.test(s),
  uri: isAbsoluteUri,
  date: (s) => s.length === 10 && isIsoTimestamp(s),
  'date-time': isDateTime,
};

/** Whether `value` is a form value the ElicitResult schema allows: string, number, boolean or string array. */
function isFormValue(value: unknown): boolean {
  const t = typeof value;
  if (t === 'string' || t === 'boolean' || (t === 'number' && Number.isFinite(value))) return true;
  return Array.isArray(value) && value.every((x: unknown) => typeof x === 'string');
}

function options(list: unknown, titled: boolean): readonly string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  const out: string[] = [];
  for (const x of list as unknown[]) {
    const value = titled ? (isJsonObject(x) ? x['const'] : undefined) : x;
    if (typeof value === 'string') out.push(value);
  }
  return out;
}

function allowedValues(field: JsonObject, kind: string): readonly string[] | undefined {
  const items = isJsonObject(field['items']) ? field['items'] : undefined;
  switch (kind) {
    case 'enum':
    case 'legacyEnum':
      return options(field['enum'], false);
    case 'titledEnum':
      return options(field['oneOf'], true);
    case 'multi':
      return items ? options(items['enum'], false) : undefined;
    case 'titledMulti':
      return items ? options(items['anyOf'], true) : undefined;
    default:
      return undefined;
  }
}

function oneOf(allowed: readonly string[]): string {
  return allowed.slice(0, 8).map((s) => JSON.stringify(s)).join(', ') + (allowed.length > 8 ? ', ...' : '');
}

function collectValue(field: JsonObject, value: unknown, at: string, name: string, out: Finding[]): void {
  const kind = fieldKind(field);
  if (kind === undefined) return;
  const type = field['type'];
  const typeOk =
    kind === 'number'
      ? typeof value === 'number' && (type === 'integer' ? Number.isInteger(value) : Number.isFinite(value))
      : kind === 'boolean'
        ? typeof value === 'boolean'
        : kind === 'multi' || kind === 'titledMulti'
          ? Array.isArray(value) && value.every((x: unknown) => typeof x === 'string')
          : typeof value === 'string';
  if (!typeOk) {
    const expected = kind === 'number' ? (type === 'integer' ? 'an integer' : 'a number') : kind === 'boolean' ? 'a boolean' : kind === 'multi' || kind === 'titledMulti' ? 'an array of strings' : 'a string';
    out.push(finding(ruleById('elicitation/content-type'), at, `Invalid type: ${name} must be ${expected} but received ${shown(value)}`));
    return;
  }
  const bad = (message: string) => out.push(finding(ruleById('elicitation/content-constraint'), at, `Invalid value: ${name} ${message}`));
  const allowed = allowedValues(field, kind);
  if (typeof value === 'string') {
    if (allowed && !allowed.includes(value)) bad(`must be one of ${oneOf(allowed)} but received ${shown(value)}`);
    const length = [...value].length;
    const min = field['minLength'];
    const max = field['maxLength'];
    if (typeof min === 'number' && length < min) bad(`must be at least ${min} characters long but received ${length}`);
    if (typeof max === 'number' && length > max) bad(`must be at most ${max} characters long but received ${length}`);
    const format = field['format'];
    const test = typeof format === 'string' ? FORMATS[format] : undefined;
    if (test && !test(value)) bad(`must be a valid ${String(format)} but received ${shown(value)}`);
  } else if (typeof value === 'number') {
    const min = field['minimum'];
    const max = field['maximum'];
    if (typeof min === 'number' && value < min) bad(`must be greater than or equal to ${min} but received ${value}`);
    if (typeof max === 'number' && value > max) bad(`must be less than or equal to ${max} but received ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((item: string, i) => {
      if (allowed && !allowed.includes(item)) {
        out.push(finding(ruleById('elicitation/content-constraint'), pointerJoin(at, i), `Invalid value: ${name}[${i}] must be one of ${oneOf(allowed)} but received ${shown(item)}`));
      }
    });
    const min = field['minItems'];
    const max = field['maxItems'];
    if (typeof min === 'number' && value.length < min) bad(`must have at least ${min} items but received ${value.length}`);
    if (typeof max === 'number' && value.length > max) bad(`must have at most ${max} items but received ${value.length}`);
  }
}

/**
 * Pushes the findings of accepted form `content` (`undefined` when absent) checked against the
 * request's `requestedSchema`; a schema with additionalProperties false also rejects fields it
 * does not declare.
 */
export function collectFormContent(schema: JsonObject, content: unknown, at: string, out: Finding[]): void {
  const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
  const values: JsonObject = isJsonObject(content) ? content : {};
  const required = schema['required'];
  if (Array.isArray(required)) {
    for (const name of required as unknown[]) {
      if (typeof name === 'string' && !Object.hasOwn(values, name)) {
        out.push(finding(ruleById('elicitation/content-required'), pointerJoin(at, name), `Invalid content: missing required value "${name}"`));
      }
    }
  }
  const closed = schema['additionalProperties'] === false;
  for (const name of Object.keys(values)) {
    const valueAt = pointerJoin(at, name);
    const field = ownMember(properties, name);
    if (isJsonObject(field)) collectValue(field, values[name], valueAt, name, out);
    else if (closed) {
      out.push(finding(ruleById('elicitation/content-unknown-field'), valueAt, `Invalid content: unknown values are not allowed (${shown(name)} is not a requested field)`));
    } else if (!isFormValue(values[name])) {
      out.push(finding(ruleById('elicitation/content-type'), valueAt, `Invalid type: ${name} must be a string, number, boolean or string array but received ${shown(values[name])}`));
    }
  }
}

/** Pushes a finding for each content value that is not a string, number, boolean or string array. */
export function collectFormValueTypes(content: JsonObject, at: string, out: Finding[]): void {
  for (const name of Object.keys(content)) {
    if (!isFormValue(content[name])) {
      out.push(finding(ruleById('elicitation/content-type'), pointerJoin(at, name), `Invalid type: ${name} must be a string, number, boolean or string array but received ${shown(content[name])}`));
    }
  }
}
