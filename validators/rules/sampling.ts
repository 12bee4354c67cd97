import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `sampling` area: sampling/createMessage params, messages, tool content and results. */
export const samplingRules = defineRules('sampling', SPEC.sampling, {
  'params': {
    text: 'sampling/createMessage params must be {messages, maxTokens, systemPrompt?, includeContext?, temperature?, stopSequences?, modelPreferences?, metadata?, tools?, toolChoice?, task?, _meta?}: a non-empty message list and a positive integer maxTokens (in the course profile other members are open, and tools, when given, non-empty).',
    keyword: 'schema',
  },
  'message': { text: 'A sampling message must be {role: "user" | "assistant", content, _meta?} whose content is a block or an array of blocks.', keyword: 'schema' },
  'tool-content': {
    text: 'A tool_use block must be {type, id, name, input, _meta?} and a tool_result block {type, toolUseId, content, structuredContent?, isError?, _meta?}.',
    keyword: 'schema',
  },
  'tool-content-role': { text: 'tool_use blocks belong in assistant messages and tool_result blocks in user messages.', keyword: 'MUST' },
  'tool-result-mixed': { text: 'A message that carries tool results must carry only tool results.', keyword: 'MUST' },
  'tool-result-unmatched': { text: 'A tool_result toolUseId must match the id of a tool_use in an earlier message.', keyword: 'MUST' },
  'result': { text: 'A sampling/createMessage result must be {role, content, model, stopReason?, _meta?} (in the course profile with a non-empty model and stopReason, also when the request was task-augmented).', keyword: 'schema' },
  'too-many-tools': {
    keyword: 'course',
    text: 'In the course profile a sampling/createMessage request offers at most 256 tools, as its reference does.',
    spec: COURSE.clientFeatures,
  },
  'result-content': {
    keyword: 'course',
    text: 'The course profile accepts only text as the content of a successful sampling result: one text block or an array of 1 to 64, each {type: "text", text, annotations?, _meta?} with at most 100000 characters.',
    spec: COURSE.clientFeatures,
  },
});
