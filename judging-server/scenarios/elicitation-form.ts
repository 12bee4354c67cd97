// Why: a client that declared form elicitation is asked a form; an accepted answer must fit the
// requested schema (the session's elicitation rules judge it).
import type { JsonObject } from '../../validators/context.ts';
import { askFor, type ScenarioContext, type ScenarioEntry } from './context.ts';

export const elicitationForm: ScenarioEntry = { by: 'server', text: 'elicitation/create in form mode, when the client declared it; an accepted answer must fit the requested schema' };

/** The form asked in a legacy session. */
const FORM_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 40, description: 'a name' },
    count: { type: 'integer', minimum: 1, maximum: 9 },
    tone: { type: 'string', enum: ['plain', 'warm'] },
  },
  required: ['name'],
};

/** The form input request of 2026-07-28. */
export const FORM_INPUT_REQUEST: JsonObject = {
  method: 'elicitation/create',
  params: {
    mode: 'form',
    message: 'Which name and how many?',
    requestedSchema: {
      type: 'object',
      properties: { name: { type: 'string', minLength: 1, maxLength: 40 }, count: { type: 'integer', minimum: 1, maximum: 9 } },
      required: ['name'],
    },
  },
};

/** Plays the form when the plan says so (2025-06-18 has no `mode`), else notes why not. */
export async function playElicitationForm(ctx: ScenarioContext, planned: boolean): Promise<void> {
  if (!planned) {
    ctx.note('elicitation-form', 'not played: the client did not declare form elicitation');
    return;
  }
  await askFor(ctx, 'elicitation-form', 'elicitation/create', {
    ...(ctx.version === '2025-06-18' ? {} : { mode: 'form' }),
    message: 'Which name and how many?',
    requestedSchema: FORM_SCHEMA,
  });
}
