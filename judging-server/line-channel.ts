// Why: over stdio a session's messages are lines: the client's are cut from its byte stream (within
// the message size limit, as the tap cuts them) and served one by one, the server's written with a
// newline each. The same channel serves `serve` (its own stdin and stdout) and each connection
// check-client's relay makes.
import type { Readable, Writable } from 'node:stream';
import { MAX_STDOUT_LINE_BYTES } from '../live/stdio-transport.ts';
import { TapLineReader } from '../live/tap-lines.ts';
import { ruleById } from '../validators/rules/index.ts';
import { JudgingSession, type SessionOptions } from './judging-session.ts';

/**
 * How many bytes of answers are held for a client that does not read them: past this, the client's
 * input is not read until they drain (back-pressure, as the tap applies), so what a client sends
 * and never reads the answers to cannot grow the judging server's memory.
 */
export const MAX_HELD_OUTPUT_BYTES = 4 * 1024 * 1024;

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lossy = new TextDecoder('utf-8', { ignoreBOM: true });

/** Serves one session over a pair of streams; resolves with it once the client's side has ended. */
export function serveLines(input: Readable, output: Writable, options: SessionOptions): { session: JudgingSession; ended: Promise<JudgingSession> } {
  const session = new JudgingSession({
    route: () => (output.destroyed || output.writableEnded ? undefined : { write: (text) => void output.write(`${text}\n`) }),
    changed: () => new Promise(() => {}),
  }, options);
  const recorder = session.recorder;
  const lines = new TapLineReader(MAX_STDOUT_LINE_BYTES, {
    onLine: (bytes) => {
      let text: string;
      try {
        text = strict.decode(bytes);
      } catch {
        const at = recorder.event({ kind: 'transport_error', code: 'not-utf8', detail: 'a line of the client\'s output is not valid UTF-8' });
        recorder.finding(ruleById('transport/not-utf8'), at, '', 'a line of the client\'s output is not valid UTF-8 (judged with replacement characters)');
        text = lossy.decode(bytes);
      }
      if (text.trim() !== '') session.receive(text);
    },
    onOversize: () => {
      const at = recorder.event({ kind: 'transport_error', code: 'line-too-long', detail: `a line of the client's output passed ${MAX_STDOUT_LINE_BYTES} bytes; it was not judged` });
      recorder.finding(ruleById('json/size-limit'), at, '', `a line of the client's output is longer than the ${MAX_STDOUT_LINE_BYTES}-byte message limit (not judged)`);
    },
  });
  const ended = new Promise<JudgingSession>((resolve) => {
    let done = false;
    const end = (): void => {
      if (done) return;
      done = true;
      if (lines.end()) {
        const at = recorder.event({ kind: 'transport_error', code: 'stdio-unterminated-message', detail: 'the client\'s output ended without a newline after its last line' });
        recorder.finding(ruleById('transport/stdio-unterminated-message'), at, '', 'the client\'s output ended in the middle of a line; a message must end with a newline');
      }
      session.close();
      if (!output.destroyed && !output.writableEnded) output.end();
      resolve(session);
    };
    input.on('data', (chunk: Buffer) => {
      lines.push(chunk);
      if (output.writableLength > MAX_HELD_OUTPUT_BYTES && !output.destroyed && !output.writableEnded && !input.isPaused()) {
        input.pause();
        output.once('drain', () => input.resume());
      }
    });
    input.on('end', end);
    input.on('close', end);
    input.on('error', end);
    output.on('error', () => {
      // The client stopped reading; its end of input follows.
    });
  });
  return { session, ended };
}
