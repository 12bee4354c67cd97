import { COURSE, defineRules, SPEC } from './rule.ts';

/** Rules of the `pagination` area: cursors in list requests and results, and page sizes. */
export const paginationRules = defineRules('pagination', SPEC.pagination, {
  'params-shape': { text: 'Paginated request params must be absent or {cursor?, _meta?}.', keyword: 'schema' },
  'invalid-cursor': { text: 'A cursor or nextCursor must be a string (the schema\'s Cursor; non-empty in the course profile).', keyword: 'schema' },
  'cursor-not-issued': {
    text: 'A client passes back only a cursor the server issued as nextCursor of the same list in this session: cursors are opaque, never modified nor persisted across sessions.',
    keyword: 'MUST',
    spec: `${SPEC.pagination}#implementation-guidelines:~:text=Clients%20MUST%20treat%20cursors%20as%20opaque%20tokens`,
  },
  'cursor-too-long': {
    keyword: 'course',
    text: 'A cursor must not exceed the profile cursor length (1024 characters in the course profile).',
    spec: COURSE.resources,
  },
  'page-too-large': {
    keyword: 'course',
    text: 'One list page must not carry more items than the profile allows (256 in the course profile).',
    spec: COURSE.resources,
  },
});
