/**
 * sampling/createMessage: the messages, token budget, preferences and tool descriptors a server
 * sends, and the client's result. The course profile accepts only bounded text blocks as a
 * successful result (one, or an array of 1 to 64), and reads every answer as a sampling result,
 * task-augmented or not; other profiles accept every SamplingMessageContentBlock of their revision
 * (2025-06-18: one text, image or audio block per message and result, no tools, no tasks).
 */
import * as v from 'valibot';
import { collectContentBlock, descriptorPartSchemas, validateContentList } from './content.ts';
import type { MethodValidators, ValidationContext } from './context.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { RequestMetaSchema } from './pagination.ts';
import { findingsOf, isJsonObject, MetaSchema, objectSchema, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { checkSchema } from './schema-check.ts';
import { isTaskAugmented, validateCreateTaskResult, validateTaskMetadata } from './tasks.ts';
import { collectToolDescriptor } from './tool-descriptor.ts';
import { profileSchemas, schemaReading, since20251125 } from './profile-schemas.ts';
import { ruleById } from './rules/index.ts';
import { exactIntegerAt } from './exact-integer.ts';

const MEDIA = ['text', 'image', 'audio'] as const;

/** The most blocks and characters a course-profile sampling result may carry. */
const COURSE_RESULT = { blocks: 64, textLength: 100_000 } as const;

/**
 * `tools`, `toolChoice` and `task` are params members since 2025-11-25; 2025-06-18 requests must
 * not carry them. The course profile (`strict`) leaves the params open (its reference checks only
 * what it uses) and wants tools, when given, non-empty; its result is exact, with a non-empty
 * model and stopReason.
 */
function schemaSet(strict: boolean, since20251125: boolean) {
  const priority = v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(1)));
  const nonEmpty = v.pipe(v.string(), v.minLength(1));
  return {
    params: objectSchema(
      {
        messages: v.pipe(v.array(v.unknown()), v.minLength(1)),
        maxTokens: v.pipe(v.number(), v.integer(), v.minValue(1)),
        systemPrompt: v.optional(v.string()),
        includeContext: v.optional(v.picklist(['none', 'thisServer', 'allServers'])),
        temperature: v.optional(v.pipe(v.number(), v.finite())),
        stopSequences: v.optional(v.array(v.string())),
        modelPreferences: v.optional(
          objectSchema(
            {
              hints: v.optional(v.array(objectSchema({ name: v.optional(v.string()) }, false))),
              costPriority: priority,
              speedPriority: priority,
              intelligencePriority: priority,
            },
            false,
          ),
        ),
        metadata: v.optional(MetaSchema),
        ...(since20251125
          ? {
              tools: v.optional(strict ? v.pipe(v.array(v.unknown()), v.minLength(1, 'Invalid tools: sampling tools must be a non-empty array')) : v.array(v.unknown())),
              toolChoice: v.optional(objectSchema({ mode: v.optional(v.picklist(['auto', 'none', 'required'])) }, false)),
              task: v.optional(v.unknown()),
            }
          : {}),
        _meta: v.optional(RequestMetaSchema),
      },
      false,
    ),
    message: objectSchema({ role: v.picklist(['user', 'assistant']), content: v.unknown(), _meta: v.optional(MetaSchema) }, false),
    toolUse: objectSchema(
      { type: v.literal('tool_use'), id: v.string(), name: v.string(), input: MetaSchema, _meta: v.optional(MetaSchema) },
      false,
    ),
    toolResult: objectSchema(
      {
        type: v.literal('tool_result'),
        toolUseId: v.string(),
        content: v.array(v.unknown()),
        structuredContent: v.optional(MetaSchema),
        isError: v.optional(v.boolean()),
        _meta: v.optional(MetaSchema),
      },
      false,
    ),
    result: objectSchema(
      {
        role: v.picklist(['user', 'assistant']),
        content: v.unknown(),
        model: strict ? nonEmpty : v.string(),
        stopReason: v.optional(strict ? nonEmpty : v.string()),
        _meta: v.optional(MetaSchema),
      },
      strict,
    ),
    /** One text block of a course-profile result. */
    textBlock: objectSchema(
      {
        type: v.literal('text'),
        text: v.string(),
        annotations: v.optional(descriptorPartSchemas(true).annotations),
        _meta: v.optional(MetaSchema),
      },
      true,
    ),
  };
}

const schemas = profileSchemas(schemaSet);

/** Members 2025-11-25 added to the params, which a 2025-06-18 request must not use. */
const NEWER_PARAMS = ['tools', 'toolChoice', 'task'] as const;

/** Pushes the findings of one SamplingMessageContentBlock (media, tool_use or tool_result; media only in 2025-06-18). */
function collectSamplingBlock(block: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const type = isJsonObject(block) ? block['type'] : undefined;
  if (!since20251125(ctx)) {
    collectContentBlock(block, at, ctx, out, MEDIA);
  } else if (type === 'tool_use') {
    for (const f of checkSchema(schemas(ctx).toolUse, block, ruleById('sampling/tool-content'), at, 'tool_use block')) out.push(f);
  } else if (type === 'tool_result' && isJsonObject(block)) {
    for (const f of checkSchema(schemas(ctx).toolResult, block, ruleById('sampling/tool-content'), at, 'tool_result block')) out.push(f);
    const content = block['content'];
    if (Array.isArray(content)) for (const f of validateContentList(content, pointerJoin(at, 'content'), ctx)) out.push(f);
  } else {
    collectContentBlock(block, at, ctx, out, MEDIA);
  }
}

/** Tool-use bookkeeping across the messages of one request. */
interface ToolUses {
  readonly ids: Set<string>;
}

function collectMessage(message: unknown, at: string, ctx: ValidationContext, uses: ToolUses, out: Finding[]): void {
  for (const f of checkSchema(schemas(ctx).message, message, ruleById('sampling/message'), at, 'sampling message')) out.push(f);
  if (!isJsonObject(message) || !Object.hasOwn(message, 'content')) return;
  const role = message['role'];
  const content = message['content'];
  const contentAt = pointerJoin(at, 'content');
  if (!since20251125(ctx)) {
    if (Array.isArray(content)) {
      out.push(finding(ruleById('sampling/message'), contentAt, `Invalid sampling message: Expected one content block (MCP ${ctx.profile.revision} has no content arrays) but received an array`));
    } else collectContentBlock(content, contentAt, ctx, out, MEDIA);
    return;
  }
  const blocks: readonly unknown[] = Array.isArray(content) ? content : [content];
  const blockAt = (i: number) => (Array.isArray(content) ? pointerJoin(contentAt, i) : contentAt);
  let results = 0;
  blocks.forEach((block, i) => {
    collectSamplingBlock(block, blockAt(i), ctx, out);
    if (!isJsonObject(block)) return;
    const type = block['type'];
    if (type === 'tool_use') {
      if (role === 'user') {
        out.push(finding(ruleById('sampling/tool-content-role'), pointerJoin(blockAt(i), 'type'), 'Invalid sampling message: Expected tool_use in an assistant message but received it in a user message'));
      }
      if (typeof block['id'] === 'string') uses.ids.add(block['id']);
    } else if (type === 'tool_result') {
      results += 1;
      if (role === 'assistant') {
        out.push(finding(ruleById('sampling/tool-content-role'), pointerJoin(blockAt(i), 'type'), 'Invalid sampling message: Expected tool_result in a user message but received it in an assistant message'));
      }
      const id = block['toolUseId'];
      if (typeof id === 'string' && !uses.ids.has(id)) {
        out.push(finding(ruleById('sampling/tool-result-unmatched'), pointerJoin(blockAt(i), 'toolUseId'), `Invalid tool_result: Expected the id of an earlier tool_use but received ${shown(id)}`));
      }
    }
  });
  if (results > 0 && results < blocks.length) {
    out.push(finding(ruleById('sampling/tool-result-mixed'), contentAt, `Invalid sampling message: Expected only tool_result blocks but received ${blocks.length - results} other block(s)`));
  }
}

function validateParams(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  // The course reads an integer of any size exactly: a positive maxTokens beyond the largest double
  // (a number here only as Infinity) is a positive integer there.
  const exact = ctx.profile.strict && isJsonObject(params) ? exactIntegerAt(params, 'maxTokens') : undefined;
  const judged = exact !== undefined && exact > 0n && isJsonObject(params) ? { ...params, maxTokens: 1 } : params;
  const out: Finding[] = [...checkSchema(schemas(ctx).params, judged, ruleById('sampling/params'), at, 'sampling/createMessage params')];
  // The course profile's reference reads no message; the messages keep the schema's shapes.
  const messagesCtx = schemaReading(ctx);
  if (!isJsonObject(params)) return out;
  if (!since20251125(ctx)) {
    for (const key of NEWER_PARAMS) {
      if (params[key] === undefined) continue;
      out.push(finding(ruleById('sampling/params'), pointerJoin(at, key),
        `Invalid sampling/createMessage params: Expected no ${key} (MCP ${ctx.profile.revision} has no tool use or tasks in sampling) but received ${shown(params[key])}`));
    }
  }
  const messages = params['messages'];
  if (Array.isArray(messages)) {
    const uses: ToolUses = { ids: new Set() };
    messages.forEach((m: unknown, i) => collectMessage(m, pointerJoin(at, 'messages', i), messagesCtx, uses, out));
  }
  const tools = params['tools'];
  if (Array.isArray(tools) && since20251125(ctx)) {
    const most = ctx.profile.strict ? ctx.profile.limits.listItems : null;
    if (most !== null && tools.length > most) {
      out.push(finding(ruleById('sampling/too-many-tools'), pointerJoin(at, 'tools'), `Invalid sampling tools: Expected at most ${most} tools but received ${tools.length}`));
      return findingsOf(out);
    }
    const seen = new Set<string>();
    tools.forEach((tool: unknown, i) => {
      const toolAt = pointerJoin(at, 'tools', i);
      collectToolDescriptor(tool, toolAt, ctx, out);
      const name = isJsonObject(tool) ? tool['name'] : undefined;
      if (typeof name !== 'string') return;
      if (seen.has(name)) {
        out.push(ctx.profile.strict
          ? finding(ruleById('tools/duplicate-name'), pointerJoin(toolAt, 'name'), `Invalid sampling tools: Expected unique tool names but received ${shown(name)} twice`)
          : finding(ruleById('tools/name-not-unique'), pointerJoin(toolAt, 'name'), `sampling tool name ${shown(name)} is given twice; tool names SHOULD be unique`));
      }
      seen.add(name);
    });
  }
  if (params['task'] !== undefined && since20251125(ctx)) for (const f of validateTaskMetadata(params['task'], pointerJoin(at, 'task'), ctx)) out.push(f);
  return findingsOf(out);
}

/** The course profile's sampling result content: one text block or an array of 1 to 64, each within 100000 characters. */
function collectCourseContent(content: unknown, at: string, ctx: ValidationContext, out: Finding[]): void {
  const blocks: readonly unknown[] = Array.isArray(content) ? content : [content];
  if (blocks.length === 0 || blocks.length > COURSE_RESULT.blocks) {
    out.push(finding(ruleById('sampling/result-content'), at,
      `Invalid sampling result: sampling result.content must be a bounded block or array: 1 to ${COURSE_RESULT.blocks} blocks but received ${blocks.length}`));
    return;
  }
  blocks.forEach((block, i) => {
    const blockAt = Array.isArray(content) ? pointerJoin(at, i) : at;
    if (isJsonObject(block) && block['type'] !== 'text') {
      out.push(finding(ruleById('sampling/result-content'), pointerJoin(blockAt, 'type'),
        `Invalid sampling result: this profile accepts text sampling output only, but received type ${shown(block['type'])}`));
      return;
    }
    for (const f of checkSchema(schemas(ctx).textBlock, block, ruleById('sampling/result-content'), blockAt, 'sampling result content')) out.push(f);
    const text = isJsonObject(block) ? block['text'] : undefined;
    if (typeof text === 'string' && text.length > COURSE_RESULT.textLength && [...text].length > COURSE_RESULT.textLength) {
      out.push(finding(ruleById('sampling/result-content'), pointerJoin(blockAt, 'text'),
        `Invalid sampling result: the text exceeds the profile limit of ${COURSE_RESULT.textLength} characters`));
    }
  });
}

function validateResult(result: unknown, at: string, requestParams: unknown, ctx: ValidationContext): readonly Finding[] {
  const taskAugmented = since20251125(ctx) && isTaskAugmented(requestParams);
  if (taskAugmented && !ctx.profile.strict) return validateCreateTaskResult(result, at, ctx);
  const out: Finding[] = [...checkSchema(schemas(ctx).result, result, ruleById('sampling/result'), at, 'sampling/createMessage result')];
  // The course profile reads every answer as a sampling result, task-augmented or not, as its
  // reference does: a plain result answers a task-augmented request there.
  if (!isJsonObject(result) || !Object.hasOwn(result, 'content')) return findingsOf(out);
  const content = result['content'];
  const contentAt = pointerJoin(at, 'content');
  if (ctx.profile.strict) {
    collectCourseContent(content, contentAt, ctx, out);
  } else if (Array.isArray(content) && !since20251125(ctx)) {
    out.push(finding(ruleById('sampling/result'), contentAt, `Invalid sampling/createMessage result: Expected one content block (MCP ${ctx.profile.revision} has no content arrays) but received an array`));
  } else if (Array.isArray(content)) {
    content.forEach((block: unknown, i) => collectSamplingBlock(block, pointerJoin(contentAt, i), ctx, out));
  } else {
    collectSamplingBlock(content, contentAt, ctx, out);
  }
  return findingsOf(out);
}

/** Validators of sampling/createMessage. */
export const samplingMethods: Readonly<Record<string, MethodValidators>> = {
  'sampling/createMessage': { params: validateParams, result: validateResult },
};
