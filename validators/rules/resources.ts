import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `resources` area: shapes of the resources methods and notifications (policy lives elsewhere). */
export const resourcesRules = defineRules('resources', SPEC.resources, {
  'list-result-shape': 'A resources/list result must be {resources, nextCursor?, _meta?}.',
  'templates-list-result-shape': 'A resources/templates/list result must be {resourceTemplates, nextCursor?, _meta?}.',
  'descriptor-shape':
    'A resource descriptor must be {uri, name, title?, description?, mimeType?, size?, annotations?, icons?, _meta?}, with a non-empty name and a non-negative integer size.',
  'template-shape':
    'A resource template must be {uriTemplate, name, title?, description?, mimeType?, annotations?, icons?, _meta?}, with a non-empty name.',
  'size-limit': {
    text: 'A resource size must stay within the profile size limit (64 KiB in the course profile).',
    spec: COURSE.resources,
  },
  'duplicate-uri': 'A URI or URI template must appear at most once in one list page.',
  'duplicate-content-uri': {
    text: 'In the course profile one resources/read result lists each URI at most once in its contents (the specification sets no such limit).',
    spec: COURSE.resources,
  },
  'uri-params-shape':
    'resources/read, resources/subscribe, resources/unsubscribe and notifications/resources/updated params must be {uri, _meta?}.',
  'read-result-shape': 'A resources/read result must be {contents, _meta?}, contents an array of resource contents.',
  'read-budget': {
    text: 'All contents of one resources/read result together must stay within the profile read budget (64 KiB in the course profile).',
    spec: COURSE.resources,
  },
  'empty-result': 'A resources/subscribe or resources/unsubscribe result must be an empty object ({} or only _meta).',
  'list-changed-params-shape': 'notifications/resources/list_changed params must be absent or {_meta?}.',
});
