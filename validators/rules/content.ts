import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `content` area: content blocks, content lists and resource contents. */
export const contentRules = defineRules('content', SPEC.schema, {
  'block-shape': { text: 'A content block must be text, image, audio, resource_link or resource, with the keys and types its type defines.', keyword: 'schema' },
  'type-not-allowed': { text: 'A content block must be of a type that this message accepts.', keyword: 'MUST' },
  'list-shape': { text: 'Content must be an array of content blocks.', keyword: 'schema' },
  'too-many-items': {
    keyword: 'course',
    text: 'One result must not carry more content items than the profile allows (64 in the course profile).',
    spec: COURSE.resources,
  },
  'item-too-large': {
    keyword: 'course',
    text: 'One content item must stay within the profile size limit (64 KiB of UTF-8 text or decoded bytes in the course profile).',
    spec: COURSE.resources,
  },
  'resource-contents-shape': {
    text: 'Resource contents must be {uri, mimeType?, text, _meta?} or {uri, mimeType?, blob, _meta?}: exactly one of text or blob.',
    keyword: 'schema',
  },
});
