/** A Tool descriptor, as tools/list lists it and sampling/createMessage offers it to a model. */
import * as v from 'valibot';
import type { JsonObject, Profile, ValidationContext } from './context.ts';
import { collectIconsFormat, descriptorPartSchemas } from './content.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { sameJson } from './json-equal.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { profileSchemas } from './profile-schemas.ts';
import { revisionFacts } from './profiles.ts';
import { checkSchema } from './schema-check.ts';
import { validateToolSchema } from './toolschema.ts';
import { collectMcpHeaderFindings, X_MCP_HEADER } from './mcp-header.ts';
import { ruleById } from './rules/index.ts';

/** The values of `execution.taskSupport`; absent means "forbidden". */
export const TASK_SUPPORT = ['forbidden', 'optional', 'required'] as const;

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/**
 * `execution` and `icons` are Tool members since 2025-11-25; in 2025-06-18 they are unknown
 * members, left unchecked. The course profile (`strict`) takes exactly name, description (required
 * and non-empty), inputSchema, title, icons, outputSchema, annotations and execution; annotations
 * and icons keep the schema's open shapes there.
 */
function descriptorSchema(strict: boolean, since20251125: boolean): v.GenericSchema {
  const hint = v.optional(v.boolean());
  return objectSchema(
    {
      name: v.string(),
      title: v.optional(v.string()),
      description: strict ? v.pipe(v.string(), v.minLength(1)) : v.optional(v.string()),
      inputSchema: MetaSchema,
      outputSchema: v.optional(MetaSchema),
      annotations: v.optional(
        objectSchema(
          {
            title: v.optional(v.string()),
            readOnlyHint: hint,
            destructiveHint: hint,
            idempotentHint: hint,
            openWorldHint: hint,
          },
          false,
        ),
      ),
      ...(since20251125
        ? {
            execution: v.optional(objectSchema({ taskSupport: v.optional(v.picklist(TASK_SUPPORT)) }, strict)),
            icons: v.optional(descriptorPartSchemas(false).icons),
          }
        : {}),
      ...(strict ? {} : { _meta: v.optional(MetaSchema) }),
    },
    strict,
  );
}

const descriptor = profileSchemas(descriptorSchema);

function collectRootSchema(schema: unknown, at: string, ctx: ValidationContext, out: Finding[], what: string): void {
  if (!isJsonObject(schema)) return;
  const anyRoot = what === 'outputSchema' && revisionFacts(ctx.profile).anyStructuredOutput;
  if (schema['type'] !== 'object' && !anyRoot) {
    out.push(finding(ruleById('tools/schema-root-type'), pointerJoin(at, 'type'), `Invalid ${what}: Expected type "object" at the root but received ${shown(schema['type'])}`));
  }
  for (const f of validateToolSchema(schema, at, ctx)) out.push(f);
}

/** Descriptors that gave no finding, by profile: the findings depend on nothing else, so checking an equal one again gives none. */
const CLEAN = new WeakMap<Profile, WeakSet<object>>();

/** Listed descriptors found equal to the one already known under their name, and that one. */
const EQUAL_TO_KNOWN = new WeakMap<object, JsonObject>();

function cleanUnder(profile: Profile): WeakSet<object> {
  let set = CLEAN.get(profile);
  if (!set) CLEAN.set(profile, (set = new WeakSet()));
  return set;
}

/**
 * Pushes the findings of one tool descriptor onto `out`. `known` is the descriptor the session
 * already holds under the same name: when `tool` equals it (a tool listed again unchanged) and
 * either was found clean, both are clean and `tool` is not walked again.
 */
export function collectToolDescriptor(tool: unknown, at: string, ctx: ValidationContext, out: Finding[], known?: JsonObject): void {
  const clean = cleanUnder(ctx.profile);
  const equal = known !== undefined && isJsonObject(tool) && sameJson(known, tool);
  if (equal) {
    EQUAL_TO_KNOWN.set(tool as object, known);
    if (clean.has(known)) {
      clean.add(tool as object);
      return;
    }
  }
  const before = out.length;
  collectFindings(tool, at, ctx, out);
  if (out.length === before && isJsonObject(tool)) {
    clean.add(tool);
    if (equal) clean.add(known);
  }
}

/** Whether checking `tool` found it equal to `known`, the descriptor held under its name (false: not compared, or different). */
export function foundEqual(tool: object, known: JsonObject): boolean {
  return EQUAL_TO_KNOWN.get(tool) === known;
}

function collectFindings(tool: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  for (const f of checkSchema(descriptor(ctx), tool, ruleById('tools/descriptor'), at, 'tool')) out.push(f);
  if (!isJsonObject(tool)) return;
  const name = tool['name'];
  if (typeof name === 'string' && !TOOL_NAME.test(name)) {
    const rule = ctx.profile.strict ? ruleById('tools/name-not-allowed') : ruleById('tools/name-format');
    out.push(finding(rule, pointerJoin(at, 'name'), `Invalid tool name: Expected 1 to 128 characters of A-Z a-z 0-9 _ - . but received ${shown(name)}`));
  }
  collectRootSchema(tool['inputSchema'], pointerJoin(at, 'inputSchema'), ctx, out, 'inputSchema');
  if (revisionFacts(ctx.profile).toolSchemaExtensions.includes(X_MCP_HEADER)) collectMcpHeaderFindings(tool['inputSchema'], pointerJoin(at, 'inputSchema'), out);
  collectRootSchema(tool['outputSchema'], pointerJoin(at, 'outputSchema'), ctx, out, 'outputSchema');
  // The course profile leaves tool icons to the schema's shapes.
  if (!ctx.profile.strict) collectIconsFormat(tool['icons'], pointerJoin(at, 'icons'), ctx, out);
}

/**
 * Validates one tool descriptor: its keys and types, its name, and its inputSchema and
 * outputSchema as object schemas of the bounded tool-schema subset.
 */
export function validateToolDescriptor(tool: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [];
  collectToolDescriptor(tool, at, ctx, out);
  return findingsOf(out);
}

/** A tool's `execution.taskSupport`, "forbidden" when absent. */
export function taskSupportOf(tool: { readonly [key: string]: unknown }): string {
  const execution = tool['execution'];
  const support = isJsonObject(execution) ? execution['taskSupport'] : undefined;
  return typeof support === 'string' ? support : 'forbidden';
}
