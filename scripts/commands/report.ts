// Why: a saved trace is the single source of truth of a live run; `report` turns one into the
// JSON, JUnit, SARIF and HTML reports later or elsewhere (a CI step after the check, a person
// reading an artifact). The trace is untrusted: read within bounds, strict JSON, schema-checked
// and its signature verified, or refused with exit 2 naming the rule and the JSON Pointer.
import { InputError } from '../../runner/errors.ts';
import { parseTrace, TRACE_MAX_BYTES } from '../../trace/parse-trace.ts';
import type { ReportOptions, ReportOutcome } from '../../reports/report-options.ts';
import { writeReports } from '../../reports/write-reports.ts';
import { StrictJsonError } from '../../validators/strict-json.ts';
import { readBounded, ReadError } from '../read-bounded.ts';

/** Reads the trace at `path` (`-`: standard input) and writes the reports `options` asks for. */
export async function runReport(path: string, options: Omit<ReportOptions, 'traceFile' | 'traceText'>, io: { stdout(text: string): void }): Promise<ReportOutcome> {
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(path, TRACE_MAX_BYTES);
  } catch (error) {
    if (error instanceof ReadError) throw new ReadError(error.code, `trace: ${error.message}`);
    if (error instanceof StrictJsonError) throw new InputError(error.rule, '', `trace: ${error.message} [${error.rule}]`);
    throw error;
  }
  const trace = parseTrace(bytes);
  return writeReports(trace, { ...options, traceFile: path, traceText: new TextDecoder().decode(bytes) }, io);
}
