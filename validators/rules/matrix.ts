import { defineRules } from './rule.ts';

const MATRIX = 'docs/matrix.md#matrix';

/**
 * Rules of the `matrix` area: what the SDK matrix reports beyond the session's own findings (a
 * cell whose client could not finish its session, a cell whose traffic differs from the others of
 * its revision and transport), and what stops it from running.
 */
export const matrixRules = defineRules('matrix', MATRIX, {
  'client-failed': { text: 'Every client of the matrix must finish its echo session (initialize, ping, tools/list, tools/call, close) against every server of its revision and transport.', keyword: 'tool' },
  'cell-differs': { text: 'A cell\'s normalized traffic (ids, session ids, event ids and implementation names and versions set aside) must equal that of the other cells of its revision and transport.', keyword: 'tool' },
  'sdk-missing': { text: 'The matrix runs the SDKs installed as the checkout\'s dev dependencies and its own peers; an installed copy of mcp-statechart has neither.', keyword: 'tool' },
});
