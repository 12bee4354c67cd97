import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `elicitation` area: elicitation/create in form and URL mode, its result, and the completion notification. */
export const elicitationRules = defineRules('elicitation', SPEC.elicitation, {
  'params': {
    text: 'elicitation/create params must be form mode {mode?: "form", message, requestedSchema, task?, _meta?} or URL mode {mode: "url", message, url, elicitationId, task?, _meta?}.',
    keyword: 'schema',
  },
  'requested-schema': {
    text: 'A requestedSchema must be a flat {type: "object", properties, required?} whose properties are restricted primitive schemas: string, number or integer, boolean, and single- or multi-select enums.',
    keyword: 'schema',
  },
  'secret-field': {
    text: 'Form elicitation must not request secrets: passwords, tokens, API keys, private keys, credentials, SSNs or card numbers (the course profile refuses exactly its list of names: password, passcode, api_key, apikey, access_token, token, secret, credit_card and cvv, case and hyphens aside).',
    keyword: 'MUST NOT',
  },
  'undeclared-mode-answered': {
    text: 'A client answers an elicitation/create in a mode its capabilities did not declare with error -32602 (Invalid params), never a result.',
    keyword: 'MUST',
    spec: `${SPEC.elicitation}#error-handling:~:text=a%20mode%20not%20declared%20in%20client%20capabilities`,
  },
  'url-invalid': { text: 'A URL-mode elicitation url must be an absolute URI.', keyword: 'schema' },
  'complete-params': { text: 'notifications/elicitation/complete params must be {elicitationId, _meta?} with a string elicitationId (exactly {elicitationId} in the course profile).', keyword: 'schema' },
  'url-not-https': { text: 'The course profile requires an absolute https URL for URL-mode elicitation.', spec: COURSE.clientFeatures, keyword: 'course' },
  'result': { text: 'An elicitation/create result must be {action: "accept" | "decline" | "cancel", content?, _meta?} (in the course profile, an accepted form answer carries its content, and the answer to a task-augmented request is read as an elicitation result too).', keyword: 'schema' },
  'unexpected-content': { text: 'A result carries content only when the action is "accept" and the request was in form mode (the course profile refuses content only on a URL-mode answer).', keyword: 'MUST' },
  'content-required': { text: 'Accepted form content must contain every field the requestedSchema requires (specification profiles; the course profile does not hold the content against the request).', keyword: 'MUST' },
  'content-unknown-field': { text: 'Accepted form content must contain only fields the requestedSchema declares, when it sets additionalProperties to false (specification profiles).', keyword: 'MUST' },
  'content-type': { text: 'Each accepted form value must have the type its field schema declares (string, number, integer, boolean or string array).', keyword: 'MUST' },
  'content-constraint': { text: 'Each accepted form value must meet its field schema: enum, length, range, format and item count.', keyword: 'MUST' },
});
