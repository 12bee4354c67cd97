/**
 * Tools: tools/list pages of tool descriptors, tools/call arguments checked against the tool's
 * inputSchema, results with structuredContent checked against its outputSchema (or a
 * CreateTaskResult for task-augmented calls), and notifications/tools/list_changed.
 */
import * as v from 'valibot';
import type { JsonObject, MethodValidators, ValidationContext } from './context.ts';
import { validateContentList } from './content.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { collectPageSize, RequestMetaSchema, validateCursorParams, validateNextCursor } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, NO_FINDINGS, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { schemaReading, since20251125, strictOrLoose } from './profile-schemas.ts';
import { revisionFacts } from './profiles.ts';
import { isTaskAugmented, validateCreateTaskResult, validateTaskMetadata } from './tasks.ts';
import { collectToolDescriptor } from './tool-descriptor.ts';
import { JSON_SCHEMA_AVAILABLE, validateJsonInstance } from './json-schema.ts';
import { validateInstance } from './toolschema-instance.ts';
import { ruleById } from './rules/index.ts';

/** A value against its tool schema: ajv in the specification profiles, the executed subset in the course profile. */
function checkInstance(schema: JsonObject, value: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (ctx.profile.strict) return validateInstance(schema, value, at, true);
  // Where code generation is refused ajv cannot run: the executed subset judges instead.
  return JSON_SCHEMA_AVAILABLE ? validateJsonInstance(schema, value, at) : validateInstance(schema, value, at, false);
}

function schemaSet(strict: boolean) {
  return {
    listResult: objectSchema(
      { tools: v.array(v.unknown()), nextCursor: v.optional(v.unknown()), _meta: v.optional(MetaSchema) },
      strict,
    ),
    callParams: objectSchema(
      {
        name: v.string(),
        arguments: v.optional(MetaSchema),
        task: v.optional(v.unknown()),
        _meta: v.optional(RequestMetaSchema),
      },
      strict,
    ),
    // The course profile (`strict`) leaves the result open, as its reference does, but wants content.
    callResult: objectSchema(
      {
        content: strict ? v.pipe(v.array(v.unknown()), v.minLength(1, 'Invalid content: tool result.content must be a non-empty array')) : v.array(v.unknown()),
        // The course reads structuredContent only against the declared outputSchema, on success (validateCallResult).
        structuredContent: v.optional(strict ? v.unknown() : MetaSchema),
        isError: v.optional(v.boolean()),
        _meta: v.optional(MetaSchema),
      },
      false,
    ),
    /** 2026-07-28: structuredContent may be any JSON value (an array, for an array outputSchema). */
    callResult2026: objectSchema(
      { content: v.array(v.unknown()), structuredContent: v.optional(v.unknown()), isError: v.optional(v.boolean()), _meta: v.optional(MetaSchema) },
      strict,
    ),
    // The schema's NotificationParams in the specification profiles; the course's reference does not
    // examine them at all (the envelope already wants params, when present, to be an object).
    listChanged: strict ? v.unknown() : v.optional(objectSchema({ _meta: v.optional(MetaSchema) }, false)),
  };
}

/** The schemas of the profile's strictness, built on first use. */
const schemas = strictOrLoose(schemaSet);

function validateListResult(result: unknown, at: string, _requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).listResult, result, ruleById('tools/list-result'), at, 'tools/list result')];
  if (!isJsonObject(result)) return findingsOf(out);
  for (const f of validateNextCursor(result['nextCursor'], pointerJoin(at, 'nextCursor'), ctx)) out.push(f);
  const list = result['tools'];
  if (!Array.isArray(list)) return findingsOf(out);
  collectPageSize(list, pointerJoin(at, 'tools'), ctx, out);
  const max = ctx.profile.limits.listItems;
  const tools = max !== null && list.length > max ? list.slice(0, max) : list;
  const seen = new Set<string>();
  tools.forEach((tool: unknown, i) => {
    const toolAt = pointerJoin(at, 'tools', i);
    const name = isJsonObject(tool) ? tool['name'] : undefined;
    collectToolDescriptor(tool, toolAt, ctx, out, typeof name === 'string' ? ctx.tools.get(name) : undefined);
    if (typeof name !== 'string') return;
    if (seen.has(name)) {
      out.push(ctx.profile.strict
        ? finding(ruleById('tools/duplicate-name'), pointerJoin(toolAt, 'name'), `Invalid tools/list result: duplicate tool name ${shown(name)}; tool names must be unique`)
        : finding(ruleById('tools/name-not-unique'), pointerJoin(toolAt, 'name'), `tool name ${shown(name)} is listed twice; tool names SHOULD be unique within a server`));
    }
    seen.add(name);
  });
  return findingsOf(out);
}

function validateCallParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const out: Finding[] = [...checkSchema(schemas(ctx).callParams, params, ruleById('tools/call-params'), at, 'tools/call params')];
  if (!isJsonObject(params)) return findingsOf(out);
  const task = params['task'];
  if (task !== undefined && !since20251125(ctx)) {
    out.push(finding(ruleById('tools/call-params'), pointerJoin(at, 'task'),
      `Invalid tools/call params: Expected no task (MCP ${ctx.profile.revision} has no task augmentation) but received ${shown(task)}`));
  } else if (task !== undefined) for (const f of validateTaskMetadata(task, pointerJoin(at, 'task'), ctx)) out.push(f);
  if (typeof params['name'] !== 'string') return findingsOf(out);
  // The tool it names (unknown, its inputSchema, its taskSupport) is the session's tool catalogue to judge.
  const judged = ctx.toolCalls?.call(params, at);
  if (judged !== undefined) for (const f of judged) out.push(f);
  return findingsOf(out);
}

/** A call's arguments against the inputSchema of the tool it names (the tool catalogue chart's `breaksInputSchema`). */
export function inputSchemaFindings(tool: JsonObject, params: JsonObject, at: string, ctx: ValidationContext): readonly Finding[] {
  const args = params['arguments'];
  const inputSchema = tool['inputSchema'];
  if (!isJsonObject(inputSchema) || !(args === undefined || isJsonObject(args))) return NO_FINDINGS;
  return checkInstance(inputSchema, args ?? {}, pointerJoin(at, 'arguments'), ctx);
}

/**
 * Whether a result must carry structuredContent for the outputSchema of the tool called (the tool
 * catalogue chart's `lacksStructuredContent`): the tool has one and the result is no error.
 */
export function needsStructuredContent(tool: JsonObject, result: JsonObject): boolean {
  return isJsonObject(tool['outputSchema']) && result['isError'] !== true && result['structuredContent'] === undefined;
}

/** A result's structuredContent against the outputSchema of the tool called (the tool catalogue chart's `breaksOutputSchema`). */
export function outputSchemaFindings(tool: JsonObject, result: JsonObject, at: string, ctx: ValidationContext): readonly Finding[] {
  const outputSchema = tool['outputSchema'];
  const structured = result['structuredContent'];
  if (!isJsonObject(outputSchema) || result['isError'] === true || structured === undefined) return NO_FINDINGS;
  if (!(isJsonObject(structured) || revisionFacts(ctx.profile).anyStructuredOutput || ctx.profile.strict)) return NO_FINDINGS;
  return checkInstance(outputSchema, structured, pointerJoin(at, 'structuredContent'), ctx);
}

function validateCallResult(result: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  if (since20251125(ctx) && isTaskAugmented(requestParams)) return validateCreateTaskResult(result, at, ctx);
  const anyStructured = revisionFacts(ctx.profile).anyStructuredOutput;
  const shape = anyStructured ? schemas(ctx).callResult2026 : schemas(ctx).callResult;
  const out: Finding[] = [...checkSchema(shape, result, ruleById('tools/call-result'), at, 'tools/call result')];
  if (!isJsonObject(result)) return findingsOf(out);
  const content = result['content'];
  // Tool-result content is held to the schema's own shapes in every profile: the course's limits are the resources/read budget's.
  if (Array.isArray(content)) for (const f of validateContentList(content, pointerJoin(at, 'content'), schemaReading(ctx))) out.push(f);
  const structured = result['structuredContent'];
  // The outputSchema of the tool called is the session's tool catalogue to judge.
  const judged = ctx.toolCalls?.result(requestParams, result, at);
  if (judged !== undefined) for (const f of judged) out.push(f);
  if (structured !== undefined && Array.isArray(content) && !content.some((b: unknown) => isJsonObject(b) && b['type'] === 'text')) {
    out.push(finding(ruleById('tools/structured-content-without-text'), pointerJoin(at, 'content'),
      'Invalid tools/call result: Expected a text block with the serialized structuredContent but received none'));
  }
  return findingsOf(out);
}

/** Validators of tools/list, tools/call and notifications/tools/list_changed. */
export const toolsMethods: Readonly<Record<string, MethodValidators>> = {
  'tools/list': { params: validateCursorParams, result: validateListResult },
  'tools/call': { params: validateCallParams, result: validateCallResult },
  'notifications/tools/list_changed': {
    params: (params, at, ctx) =>
      checkSchema(schemas(ctx).listChanged, params, ruleById('tools/list-changed-params'), at, 'notifications/tools/list_changed params'),
  },
};
