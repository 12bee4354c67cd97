import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `resources` area: shapes of the resources methods and notifications (policy lives elsewhere). */
export const resourcesRules = defineRules('resources', SPEC.resources, {
  'list-result-shape': { text: 'A resources/list result must be {resources, nextCursor?, _meta?}.', keyword: 'schema' },
  'templates-list-result-shape': { text: 'A resources/templates/list result must be {resourceTemplates, nextCursor?, _meta?}.', keyword: 'schema' },
  'descriptor-shape': {
    text: 'A resource descriptor must be {uri, name, title?, description?, mimeType?, size?, annotations?, icons?, _meta?}, with a non-empty name and a non-negative integer size.',
    keyword: 'schema',
  },
  'template-shape': {
    text: 'A resource template must be {uriTemplate, name, title?, description?, mimeType?, annotations?, icons?, _meta?}, with a non-empty name.',
    keyword: 'schema',
  },
  'size-limit': {
    keyword: 'course',
    text: 'A resource size must stay within the profile size limit (64 KiB in the course profile).',
    spec: COURSE.resources,
  },
  'duplicate-uri': {
    text: 'In the course profile a URI or URI template appears at most once in one list page (the resources page calls a URI a resource\'s unique identifier and requires nothing of a list).',
    keyword: 'course',
    spec: COURSE.resources,
  },
  'duplicate-content-uri': {
    keyword: 'course',
    text: 'In the course profile one resources/read result lists each URI at most once in its contents (the specification sets no such limit).',
    spec: COURSE.resources,
  },
  'uri-params-shape': {
    text: 'resources/read, resources/subscribe, resources/unsubscribe and notifications/resources/updated params must be {uri, _meta?}.',
    keyword: 'schema',
  },
  'read-result-shape': { text: 'A resources/read result must be {contents, _meta?}, contents an array of resource contents.', keyword: 'schema' },
  'read-budget': {
    keyword: 'course',
    text: 'All contents of one resources/read result together must stay within the profile read budget (64 KiB in the course profile).',
    spec: COURSE.resources,
  },
  'empty-result': { text: 'A resources/subscribe or resources/unsubscribe result must be an empty object ({} or only _meta).', keyword: 'schema' },
  'list-changed-params-shape': { text: 'notifications/resources/list_changed params must be absent or {_meta?}.', keyword: 'schema' },
});
