// Why: `validate` for a test suite: a transcript (JSON Lines) or a trace, given as text or bytes,
// judged as the CLI judges it (the same readers), its report the one `validate --json` prints.
import { looksLikeTrace, validateTraceBytes } from '../live/trace-validate.ts';
import { validateTranscript } from '../transcripts/validate-transcript.ts';

/** How many leading bytes tell a trace from a transcript. */
const HEAD_BYTES = 4096;

/**
 * Judges a transcript or a trace; the report as `validate --json` prints it. An input that cannot be
 * judged throws an InputError naming the rule and the place (a trace whose session negotiated a
 * version no profile judges is `cli/version-not-judged`, as on the command line).
 */
export async function validateInput(input: string | Uint8Array): Promise<Record<string, unknown>> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  if (looksLikeTrace(bytes.subarray(0, HEAD_BYTES))) return { ...validateTraceBytes(bytes).report };
  const run = await validateTranscript((async function* () {
    yield bytes;
  })());
  if (run.failure !== undefined) throw run.failure;
  return { ...run.report };
}
