import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { benchHeader } from './bench-session.ts';
import { generateSteps, stepLine, DEFAULT_SEED } from './generate.ts';

const FLUSH_CHARS = 1 << 20;

/** Writes a JSONL transcript of `messages` generated messages (header first) without holding it in memory. */
export async function writeTranscript(path: string, messages: number, seed = DEFAULT_SEED): Promise<void> {
  const out = createWriteStream(path);
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  let buffer = JSON.stringify(benchHeader()) + '\n';
  for (const step of generateSteps(messages, seed)) {
    buffer += stepLine(step) + '\n';
    if (buffer.length >= FLUSH_CHARS) {
      await write(buffer);
      buffer = '';
    }
  }
  await write(buffer);
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
}
