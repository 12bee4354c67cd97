import { defineRules, SPEC } from './rule.ts';

/** Rules of the `prompts` area: prompts/list, prompts/get and notifications/prompts/list_changed. */
export const promptsRules = defineRules('prompts', SPEC.prompts, {
  'list-result': 'A prompts/list result must be {prompts, nextCursor?, _meta?} (the cursor and page size are pagination rules).',
  'descriptor':
    'A prompt must be {name, title?, description?, arguments?, icons?, _meta?} and each of its arguments {name, title?, description?, required?} with the types the schema gives.',
  'duplicate-name': 'Prompt names must be unique within a prompts/list result (a name identifies its prompt).',
  'get-params': 'prompts/get params must be {name, arguments?, _meta?}: a string name and an object of string argument values.',
  'get-result': 'A prompts/get result must be {description?, messages, _meta?}: an optional string and an array of prompt messages.',
  'message': 'A prompt message must be {role: "user" | "assistant", content} whose content is one content block.',
  'list-changed-params': 'notifications/prompts/list_changed params may carry only _meta.',
  'unknown-prompt': 'prompts/get must name a prompt of the current prompts/list listing, once the client has listed them.',
  'missing-argument': 'prompts/get must give every argument the listed prompt declares as required.',
  'unknown-argument': 'prompts/get may give only arguments the listed prompt declares.',
});
