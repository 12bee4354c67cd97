import { defineRules, SPEC } from './rule.ts';

/** Rules of the `prompts` area: prompts/list, prompts/get and notifications/prompts/list_changed. */
export const promptsRules = defineRules('prompts', SPEC.prompts, {
  'list-result': { text: 'A prompts/list result must be {prompts, nextCursor?, _meta?} (the cursor and page size are pagination rules).', keyword: 'schema' },
  'descriptor': {
    text: 'A prompt must be {name, title?, description?, arguments?, icons?, _meta?} and each of its arguments {name, title?, description?, required?} with the types the schema gives.',
    keyword: 'schema',
  },
  'duplicate-name': {
    text: 'Retired: never raised. The prompts page calls a name the prompt\'s "Unique identifier" and requires nothing of a listing (no MUST, no SHOULD).',
    keyword: 'tool',
    severity: 'warning',
  },
  'get-params': { text: 'prompts/get params must be {name, arguments?, _meta?}: a string name and an object of string argument values.', keyword: 'schema' },
  'get-result': { text: 'A prompts/get result must be {description?, messages, _meta?}: an optional string and an array of prompt messages.', keyword: 'schema' },
  'message': { text: 'A prompt message must be {role: "user" | "assistant", content} whose content is one content block.', keyword: 'schema' },
  'list-changed-params': { text: 'notifications/prompts/list_changed params may carry only _meta.', keyword: 'schema' },
  'unknown-prompt': {
    text: 'Retired: never raised. No line forbids a client to get a prompt the server did not list; the server answers an invalid name with -32602.',
    keyword: 'tool',
    severity: 'warning',
  },
  'missing-argument': { text: 'prompts/get must give every argument the listed prompt declares as required.', keyword: 'MUST' },
  'unknown-argument': {
    text: 'Retired: never raised. No line forbids a prompts/get argument the prompt does not declare.',
    keyword: 'tool',
    severity: 'warning',
  },
});
