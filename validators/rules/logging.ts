import { defineRules, SPEC } from './rule.ts';

/** Rules of the `logging` area: logging/setLevel and notifications/message. */
export const loggingRules = defineRules('logging', SPEC.logging, {
  'set-level-params': {
    text: 'logging/setLevel params must be {level, _meta?}, level one of debug, info, notice, warning, error, critical, alert, emergency.',
    keyword: 'schema',
  },
  'set-level-result': { text: 'A logging/setLevel result must be an empty result ({} or only _meta).', keyword: 'schema' },
  'message-params': {
    text: 'notifications/message params must be {level, logger?, data, _meta?}: a logging level, a string logger name and any JSON data.',
    keyword: 'schema',
  },
});
