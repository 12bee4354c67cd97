// Why: a fixture or transcript header that does not follow its format should say, in our words,
// which field is wrong, what it should be and what was found, rather than valibot's
// `Expected never but received "bogus_key"`.
import * as v from 'valibot';
import { issuePointer } from '../validators/schema-check.ts';

/** A schema as this module walks it: the parts of valibot's schema objects it reads. */
interface SchemaNode {
  readonly type?: string;
  readonly entries?: Readonly<Record<string, SchemaNode>>;
  readonly item?: SchemaNode;
  readonly value?: SchemaNode;
  readonly wrapped?: SchemaNode;
  readonly options?: readonly unknown[];
  readonly literal?: unknown;
  readonly pipe?: readonly { readonly type?: string; readonly requirement?: unknown }[];
}

/** Forms of some patterned strings, in words. */
const FORMS: Readonly<Record<string, string>> = {
  expect_rule: 'a rule id of the form area/kebab-slug',
};

/** A value as a message shows it: short JSON for scalars, a word for containers. */
export function shown(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function unwrap(node: SchemaNode | undefined): SchemaNode | undefined {
  let at = node;
  while (at?.wrapped !== undefined && (at.type === 'optional' || at.type === 'nullish' || at.type === 'exact_optional')) at = at.wrapped;
  return at;
}

/** The schema at a path of keys below `root` (object entries, array items, record values). */
function schemaAt(root: SchemaNode, keys: readonly (string | number)[]): SchemaNode | undefined {
  let at: SchemaNode | undefined = unwrap(root);
  for (const key of keys) {
    if (at === undefined) return undefined;
    if (at.entries !== undefined) at = unwrap(at.entries[String(key)]);
    else if (at.item !== undefined) at = unwrap(at.item);
    else if (at.value !== undefined && at.type === 'record') at = unwrap(at.value);
    else return undefined;
  }
  return at;
}

const quoted = (values: readonly unknown[]): string => {
  const list = values.map((x) => JSON.stringify(x));
  return list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
};

/** What a schema expects, in words: `a string`, `"pass" or "fail"`, `an object`. */
function expected(node: SchemaNode | undefined): string {
  switch (node?.type) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'true or false';
    case 'array': return 'an array';
    case 'object': case 'strict_object': case 'loose_object': case 'record': return 'an object';
    case 'picklist': return quoted(node.options ?? []);
    case 'literal': return JSON.stringify(node.literal);
    case 'union': return 'one of several shapes';
    default: return 'a value';
  }
}

function depth(issues: readonly v.BaseIssue<unknown>[]): number {
  let most = 0;
  for (const i of issues) most = Math.max(most, i.path?.length ?? 0, ...(i.issues ? [depth(i.issues)] : []));
  return most;
}

/** `direction must be ...` for a value's problem; a member's problem (`missing member ...`) names it already. */
function fieldSentence(pointer: string, text: string): string {
  if (!text.startsWith('must ') || pointer === '') return text;
  const field = pointer.slice(pointer.lastIndexOf('/') + 1).replace(/~1/g, '/').replace(/~0/g, '~');
  return `${/^[0-9]+$/.test(field) ? `item ${field}` : field} ${text}`;
}

/**
 * Describes the first issue valibot found in `input` against `root`: the JSON Pointer of the field
 * and a sentence saying what it should be and what was found (`expect must be "pass" or "fail",
 * found "maybe"`). Where no option of a union matched,
 * the option that got furthest into the value explains it; when none got anywhere, the union's
 * own message says what the value could have been.
 */
export function describeIssue(root: v.GenericSchema, issues: readonly v.BaseIssue<unknown>[]): { pointer: string; text: string } {
  const { pointer, text } = describeFirst(root, issues);
  return { pointer, text: fieldSentence(pointer, text) };
}

function describeFirst(root: v.GenericSchema, issues: readonly v.BaseIssue<unknown>[]): { pointer: string; text: string } {
  const issue = issues[0] as v.BaseIssue<unknown>;
  const keys = (issue.path ?? []).map((p) => p.key as string | number);
  const pointer = issuePointer('', issue);
  const node = root as unknown as SchemaNode;
  if (issue.type === 'union') {
    const union = schemaAt(node, keys);
    let best: { option: v.GenericSchema; issues: readonly v.BaseIssue<unknown>[]; depth: number } | undefined;
    for (const option of (union?.options ?? []) as v.GenericSchema[]) {
      const r = v.safeParse(option, issue.input);
      if (r.success) continue;
      const d = depth(r.issues);
      if (best === undefined || d > best.depth) best = { option, issues: r.issues, depth: d };
    }
    if (best !== undefined && best.depth > 0) {
      const inner = describeFirst(best.option, best.issues);
      return { pointer: pointer + inner.pointer, text: inner.text };
    }
    return { pointer, text: `${issue.message.replace(/^Invalid [^:]*: Expected /, 'must be ')}, found ${shown(issue.input)}` };
  }
  const last = keys[keys.length - 1];
  const origin = issue.path?.[issue.path.length - 1]?.origin;
  if ((issue.type === 'strict_object' || issue.type === 'object') && origin === 'key') {
    const parent = schemaAt(node, keys.slice(0, -1));
    const allowed = Object.keys(parent?.entries ?? {});
    if (issue.expected === 'never') {
      return { pointer, text: `unknown member ${JSON.stringify(last)}${allowed.length > 0 ? `; the members are ${allowed.join(', ')}` : ''}` };
    }
    return { pointer, text: `missing member ${JSON.stringify(last)} (${expected(schemaAt(node, keys))})` };
  }
  const found = shown(issue.input);
  switch (issue.type) {
    case 'min_length':
      return { pointer, text: issue.requirement === 1 ? 'must not be empty' : `must have at least ${String(issue.requirement)} items, found ${String(issue.received)}` };
    case 'regex':
      return { pointer, text: `must be ${FORMS[String(last)] ?? 'of the expected form'}, found ${found}` };
    default:
      return { pointer, text: `must be ${expected(schemaAt(node, keys))}, found ${found}` };
  }
}
