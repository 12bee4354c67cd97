/**
 * Checks a value (tool arguments, structured content) against a schema of the tool-schema subset.
 * Each schema object is compiled once and cached, so checking the same tool's traffic is cheap.
 */
import type { JsonObject } from './context.ts';
import { exactIntegerAt } from './exact-integer.ts';
import { escapePointerToken, type Finding } from './finding.ts';
import { findingsOf, isJsonObject, NO_FINDINGS, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { ruleById } from './rules/index.ts';

/** Deepest schema nesting compiled; the subset allows 16, this only guards against runaway input. */
const MAX_COMPILE_DEPTH = 32;

/** The course profile's bounds on a checked value: array items, object members, string characters. */
const LIMITS = { items: 1024, members: 1024, stringLength: 100_000 } as const;

/** A schema of the subset, reduced to what checking a value needs. */
interface Node {
  readonly type: string | undefined;
  readonly properties: ReadonlyMap<string, Node> | null;
  readonly required: readonly string[];
  readonly closed: boolean;
  readonly enumValues: ReadonlySet<unknown> | null;
  /** The enum as written, shown only in a finding. */
  readonly enumList: readonly unknown[] | null;
  readonly minLength: number | undefined;
  readonly maxLength: number | undefined;
  /** A bound written as an integer beyond ±(2^53-1) is held by its exact value. */
  readonly minimum: number | bigint | undefined;
  readonly maximum: number | bigint | undefined;
  readonly minItems: number | undefined;
  readonly maxItems: number | undefined;
  readonly items: Node | null;
}

const ANY: Node = {
  type: undefined,
  properties: null,
  required: [],
  closed: false,
  enumValues: null,
  enumList: null,
  minLength: undefined,
  maxLength: undefined,
  minimum: undefined,
  maximum: undefined,
  minItems: undefined,
  maxItems: undefined,
  items: null,
};

const CACHE = new WeakMap<object, Node>();

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

/** A value as messages show it: an exactly held integer by its digits (cut to 60 characters), anything else as JSON. */
function shownValue(value: unknown, exact: bigint | undefined): string {
  if (exact === undefined) return shown(value);
  const digits = String(exact);
  return digits.length > 60 ? digits.slice(0, 57) + '...' : digits;
}

function enumText(list: readonly unknown[]): string {
  return list.slice(0, 8).map(shown).join(', ') + (list.length > 8 ? ', ...' : '');
}

function compile(schema: unknown, depth: number): Node {
  if (!isJsonObject(schema) || depth > MAX_COMPILE_DEPTH) return ANY;
  const cached = CACHE.get(schema);
  if (cached) return cached;
  const type = typeof schema['type'] === 'string' ? schema['type'] : undefined;
  let properties: Map<string, Node> | null = null;
  const props = schema['properties'];
  if (isJsonObject(props)) {
    properties = new Map();
    for (const name of Object.keys(props)) properties.set(name, compile(props[name], depth + 1));
  }
  const required = Array.isArray(schema['required'])
    ? schema['required'].filter((x: unknown): x is string => typeof x === 'string')
    : [];
  const en = schema['enum'];
  const enumList = Array.isArray(en) ? en : null;
  const node: Node = {
    type,
    properties,
    required,
    closed: schema['additionalProperties'] === false,
    enumValues: enumList ? new Set(enumList) : null,
    enumList,
    minLength: num(schema['minLength']),
    maxLength: num(schema['maxLength']),
    minimum: exactIntegerAt(schema, 'minimum') ?? num(schema['minimum']),
    maximum: exactIntegerAt(schema, 'maximum') ?? num(schema['maximum']),
    minItems: num(schema['minItems']),
    maxItems: num(schema['maxItems']),
    items: schema['items'] === undefined ? null : compile(schema['items'], depth + 1),
  };
  CACHE.set(schema, node);
  return node;
}

const ARTICLE: Readonly<Record<string, string>> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
};

/**
 * The exact value of `value` when it is an integer beyond ±(2^53-1) the reader held exactly (at
 * `key` of `holder`); undefined otherwise, the number itself being exact.
 */
function exactOf(value: unknown, holder: unknown, key: string | number | undefined): bigint | undefined {
  if (typeof value !== 'number' || Number.isSafeInteger(value) || key === undefined) return undefined;
  return exactIntegerAt(holder, key);
}

function hasType(type: string, value: unknown, exact: bigint | undefined): boolean {
  switch (type) {
    case 'object':
      return isJsonObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && (Number.isInteger(value) || exact !== undefined);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/** Whether `value` is one of the node's enum values (an exactly held integer compared by its exact value). */
function inEnum(node: Node, value: unknown, exact: bigint | undefined): boolean {
  if (node.enumValues === null) return true;
  if (exact === undefined) return node.enumValues.has(value);
  const list = node.enumList ?? [];
  return list.some((item, i) => typeof item === 'number' && (exactIntegerAt(list, i) ?? (Number.isInteger(item) ? BigInt(item) : undefined)) === exact);
}

/** Whether a number (its exact value when it has one) lies below `minimum` or above `maximum`; bigint and number compare exactly. */
function belowMinimum(node: Node, value: number, exact: bigint | undefined): boolean {
  return node.minimum !== undefined && (exact ?? value) < node.minimum;
}

function aboveMaximum(node: Node, value: number, exact: bigint | undefined): boolean {
  return node.maximum !== undefined && (exact ?? value) > node.maximum;
}

/** Length in Unicode code points, as JSON Schema counts it. */
function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n -= 1;
        i += 1;
      }
    }
  }
  return n;
}

function check(node: Node, value: unknown, at: string, label: string, out: Finding[], limited: boolean, holder?: unknown, key?: string | number): void {
  const exact = exactOf(value, holder, key);
  if (node.type !== undefined && !hasType(node.type, value, exact)) {
    out.push(finding(ruleById('toolschema/instance-type'), at, `Invalid type: ${label} must be ${ARTICLE[node.type] ?? node.type} but received ${shownValue(value, exact)}`));
    return;
  }
  if (!inEnum(node, value, exact)) {
    out.push(finding(ruleById('toolschema/instance-enum'), at, `Invalid value: ${label} must be one of ${enumText(node.enumList ?? [])} but received ${shownValue(value, exact)}`));
  }
  if (typeof value === 'string') {
    if (node.minLength !== undefined || node.maxLength !== undefined || (limited && value.length > LIMITS.stringLength)) {
      const n = codePoints(value);
      if (limited && n > LIMITS.stringLength) {
        out.push(finding(ruleById('toolschema/instance-limit'), at, `Invalid length: ${label} exceeds the profile string limit of ${LIMITS.stringLength} characters (${n})`));
      }
      if (node.minLength !== undefined && n < node.minLength) {
        out.push(finding(ruleById('toolschema/instance-min-length'), at,
          `Invalid length: ${label} is shorter than minLength: it must be at least ${node.minLength} characters long but received ${n}`));
      }
      if (node.maxLength !== undefined && n > node.maxLength) {
        out.push(finding(ruleById('toolschema/instance-max-length'), at,
          `Invalid length: ${label} is longer than maxLength: it must be at most ${node.maxLength} characters long but received ${n}`));
      }
    }
  } else if (typeof value === 'number') {
    if (belowMinimum(node, value, exact)) {
      out.push(finding(ruleById('toolschema/instance-minimum'), at,
        `Invalid value: ${label} is below minimum: it must be greater than or equal to ${node.minimum} but received ${shownValue(value, exact)}`));
    }
    if (aboveMaximum(node, value, exact)) {
      out.push(finding(ruleById('toolschema/instance-maximum'), at,
        `Invalid value: ${label} is above maximum: it must be less than or equal to ${node.maximum} but received ${shownValue(value, exact)}`));
    }
  } else if (Array.isArray(value)) {
    if (limited && value.length > LIMITS.items) {
      out.push(finding(ruleById('toolschema/instance-limit'), at, `Invalid ${label}: ${label} has too many items for the profile (${value.length}, at most ${LIMITS.items})`));
    }
    if (node.minItems !== undefined && value.length < node.minItems) {
      out.push(finding(ruleById('toolschema/instance-min-items'), at, `Invalid ${label}: ${label} has too few items: at least ${node.minItems} but received ${value.length}`));
    }
    if (node.maxItems !== undefined && value.length > node.maxItems) {
      out.push(finding(ruleById('toolschema/instance-max-items'), at, `Invalid ${label}: ${label} has too many items: at most ${node.maxItems} but received ${value.length}`));
    }
    if (node.items !== null) {
      for (let i = 0; i < value.length; i++) check(node.items, value[i], `${at}/${i}`, `${label}[${i}]`, out, limited, value, i);
    }
  } else if (isJsonObject(value)) {
    if (limited) {
      const members = Object.keys(value).length;
      if (members > LIMITS.members) {
        out.push(finding(ruleById('toolschema/instance-limit'), at, `Invalid ${label}: ${label} has too many properties for the profile (${members}, at most ${LIMITS.members})`));
      }
    }
    for (const name of node.required) {
      if (!Object.hasOwn(value, name)) {
        out.push(finding(ruleById('toolschema/instance-required'), `${at}/${escapePointerToken(name)}`,
          `Invalid ${label}: missing required value "${name}"`));
      }
    }
    if (node.properties !== null || node.closed) {
      for (const name of Object.keys(value)) {
        const sub = node.properties?.get(name);
        const subAt = `${at}/${escapePointerToken(name)}`;
        if (sub !== undefined) check(sub, value[name], subAt, name, out, limited, value, name);
        else if (node.closed) {
          out.push(finding(ruleById('toolschema/instance-unknown-property'), subAt,
            `Invalid ${label}: unknown values are not allowed ("${name}" is not a declared property)`));
        }
      }
    }
  }
}

/**
 * The same judgement as `check`, as a yes/no without building pointers, labels or findings: the
 * accepted values (almost all traffic) stop here, and `check` runs only to explain a rejection.
 * A property test holds the two equal.
 */
function accepts(node: Node, value: unknown, limited: boolean, holder?: unknown, key?: string | number): boolean {
  const exact = typeof value === 'number' && !Number.isSafeInteger(value) ? exactOf(value, holder, key) : undefined;
  if (node.type !== undefined && !hasType(node.type, value, exact)) return false;
  if (node.enumValues !== null && !inEnum(node, value, exact)) return false;
  if (typeof value === 'string') {
    if (node.minLength !== undefined || node.maxLength !== undefined || (limited && value.length > LIMITS.stringLength)) {
      const n = codePoints(value);
      if ((node.minLength !== undefined && n < node.minLength) || (node.maxLength !== undefined && n > node.maxLength)) return false;
      if (limited && n > LIMITS.stringLength) return false;
    }
  } else if (typeof value === 'number') {
    if (belowMinimum(node, value, exact) || aboveMaximum(node, value, exact)) return false;
  } else if (Array.isArray(value)) {
    if (limited && value.length > LIMITS.items) return false;
    if ((node.minItems !== undefined && value.length < node.minItems) || (node.maxItems !== undefined && value.length > node.maxItems)) return false;
    if (node.items !== null) for (let i = 0; i < value.length; i++) if (!accepts(node.items, value[i], limited, value, i)) return false;
  } else if (isJsonObject(value)) {
    if (limited && Object.keys(value).length > LIMITS.members) return false;
    for (const name of node.required) if (!Object.hasOwn(value, name)) return false;
    if (node.properties !== null || node.closed) {
      for (const name of Object.keys(value)) {
        const sub = node.properties?.get(name);
        if (sub !== undefined ? !accepts(sub, value[name], limited, value, name) : node.closed) return false;
      }
    }
  }
  return true;
}

/** The name a value has in messages: the last token of its pointer. */
function labelOf(at: string): string {
  const token = at.slice(at.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return token === '' ? 'value' : token;
}

/**
 * Checks `value` against a schema of the tool-schema subset (type, properties, required,
 * additionalProperties, enum, minLength, maxLength, minimum, maximum, items, minItems, maxItems);
 * pointers go to the offending value below `at`. Integers beyond ±(2^53-1) the reader held
 * exactly are compared by their exact value. `limited` adds the course profile's bounds on the
 * value itself (1024 items or members, strings of 100000 characters).
 *
 * @example
 * validateInstance(tool.inputSchema, { city: 42 }, '/message/params/arguments');
 * // -> [{ rule: 'toolschema/instance-type', pointer: '/message/params/arguments/city', ... 'must be a string' }]
 */
export function validateInstance(schema: JsonObject, value: unknown, at: string, limited = false): readonly Finding[] {
  return acceptsInstance(schema, value, limited) ? NO_FINDINGS : explainInstance(schema, value, at, limited);
}

/** Whether `value` conforms to `schema`: the yes/no of validateInstance, without findings. */
export function acceptsInstance(schema: JsonObject, value: unknown, limited = false): boolean {
  return accepts(compile(schema, 0), value, limited);
}

/** Every finding of `value` against `schema` (the explaining walk, taken for rejected values). */
export function explainInstance(schema: JsonObject, value: unknown, at: string, limited = false): readonly Finding[] {
  const out: Finding[] = [];
  check(compile(schema, 0), value, at, labelOf(at), out, limited);
  return findingsOf(out);
}
