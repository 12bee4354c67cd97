import { defineRules, SPEC } from './rule.ts';

/** Rules of the `initialize` area: the shapes of initialize, its result and notifications/initialized. */
export const initializeRules = defineRules('initialize', SPEC.lifecycle, {
  'params': { text: 'initialize params must be {protocolVersion, capabilities, clientInfo, _meta?} with a string protocolVersion (no _meta in the course profile).', keyword: 'schema' },
  'result': { text: 'An initialize result must be {protocolVersion, capabilities, serverInfo, instructions?, _meta?} with string protocolVersion and instructions (no _meta in the course profile).', keyword: 'schema' },
  'implementation': { text: 'clientInfo and serverInfo must be {name, version, title?, description?, websiteUrl?, icons?} with string name and version (non-empty in the course profile).', keyword: 'schema' },
  'client-capabilities': {
    keyword: 'schema',
    text: 'Client capabilities must be shaped as the schema defines: roots {listChanged?: boolean}, sampling {context?, tools?}, elicitation {form?, url?}, tasks {list?, cancel?, requests?}, experimental; other capabilities are an open set.',
    spec: SPEC.schema,
  },
  'server-capabilities': {
    keyword: 'schema',
    text: 'Server capabilities must be shaped as the schema defines: logging, completions, prompts {listChanged?: boolean}, resources {subscribe?, listChanged?: boolean}, tools {listChanged?: boolean}, tasks {list?, cancel?, requests?}, experimental; other capabilities are an open set (the course profile takes no other member in resources).',
    spec: SPEC.schema,
  },
  'initialized-params': { text: 'notifications/initialized params may carry only _meta (nothing at all in the course profile).', keyword: 'schema' },
});
