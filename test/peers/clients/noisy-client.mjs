// node noisy-client.mjs stdio|http [URL]: a correct client whose own output is hostile to the
// terminal that shows it: escape sequences, a carriage return, bidirectional overrides, a line
// separator, C1 controls, and the secret in MY_API_TOKEN printed in two writes 200 ms apart (so
// across two reads of whoever relays it), on stdout and on stderr.
import { runClient } from './base-client.mjs';

const transport = process.argv[2] ?? 'stdio';
const secret = process.env.MY_API_TOKEN ?? '';
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const hostile = 'clear\u001b[2J\u001b]0;title\u0007 back\rover \u202Egnp.exe\u2028next \u009B31m bell\u0007';

for (const stream of [process.stderr, process.stdout]) {
  stream.write(`${hostile}\n`);
  stream.write(`token=${secret.slice(0, 6)}`);
  await pause(200);
  stream.write(`${secret.slice(6)} end\n`);
}
process.stderr.write('last line without a newline \u001b[31m');
await runClient({ transport, defect: 'none' });
