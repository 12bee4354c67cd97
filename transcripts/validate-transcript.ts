// Why: a transcript is read as a stream of chunks cut into lines, so memory stays flat however
// long it is; what stops the run (unreadable input, a bad header, a fixture instead, an over-long
// line, nothing to judge) comes back beside the report of what was judged, never as a throw.
import { InputError } from '../files/input-error.ts';
import { inputKindOf } from '../runner/input-kind.ts';
import { LineSplitter } from './line-splitter.ts';
import { TranscriptJudge } from './transcript-judge.ts';
import { lineTooLong, MAX_LINE_BYTES } from './transcript-line.ts';
import type { JudgeOptions, TranscriptRun } from './transcript-report.ts';
import { ruleById } from '../validators/rules/index.ts';

/** The failure for a transcript that holds nothing to judge. */
function emptyTranscript(lines: number): InputError {
  return new InputError(ruleById('fixture/empty').id, '', `the transcript is empty: no steps${lines === 0 ? '' : ` in its ${lines} line${lines === 1 ? '' : 's'}`}`);
}

/** The failure for a fixture given where a transcript was expected, naming the command that judges it. */
function fixtureNotTranscript(): InputError {
  return new InputError(ruleById('fixture/wrong-kind').id, '', 'this is a fixture file (schema_version, cases), not a transcript: judge it with `mcp-statechart cases`');
}

/**
 * Judges a transcript read from a byte stream, holding at most one line at a time. Never throws
 * for a problem of the input: the run's report comes back with the failure that stopped it, if any.
 */
export async function validateTranscript(source: AsyncIterable<Uint8Array>, options: JudgeOptions = {}): Promise<TranscriptRun> {
  const judge = new TranscriptJudge(options);
  const max = options.maxLineBytes ?? MAX_LINE_BYTES;
  // An over-long line ends the run: finding the next line would mean reading this one to its end.
  const splitter = new LineSplitter(max, (bytes, n) => judge.line(bytes, n), (n) => {
    judge.reached(n);
    throw lineTooLong(n, max);
  });
  let failure: unknown;
  let first = true;
  try {
    for await (const chunk of source) {
      if (first && chunk.length > 0) {
        first = false;
        if (inputKindOf(chunk) === 'fixture') throw fixtureNotTranscript();
      }
      splitter.push(chunk);
    }
    splitter.end();
  } catch (error) {
    failure = error;
  }
  const report = judge.finish(failure === undefined);
  if (failure === undefined && judge.contentLines === 0) failure = emptyTranscript(report.lines);
  if (failure === undefined && judge.notJudged !== undefined) failure = judge.notJudged;
  const shortened = judge.shortened;
  const forgotten = judge.forgotten;
  return {
    report: failure === undefined ? report : { ...report, status: 'error' }, profile: judge.profile,
    ...(failure === undefined ? {} : { failure }), ...(shortened === 0 ? {} : { shortened }),
    ...(forgotten.subscriptions === 0 && forgotten.tools === 0 ? {} : { forgotten }),
  };
}
