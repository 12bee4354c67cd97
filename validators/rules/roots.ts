import { defineRules, SPEC } from './rule.ts';

/** Rules of the `roots` area: roots/list and its list_changed notification. */
export const rootsRules = defineRules('roots', SPEC.roots, {
  'params-shape': { text: 'roots/list and notifications/roots/list_changed params must be absent or {_meta?} (roots/list takes none at all in the course profile).', keyword: 'schema' },
  'list-result-shape': { text: 'A roots/list result must be {roots, _meta?}, each root {uri, name?, _meta?} (exactly, with a non-empty name, in the course profile).', keyword: 'schema' },
  'file-uri': { text: 'A root uri MUST be a file:// URI.', keyword: 'schema' },
});
