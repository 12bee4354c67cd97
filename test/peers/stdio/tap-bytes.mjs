// A byte mirror for the tap's transparency tests: writes the bytes of the file named by argv[2]
// to stdout as they are (any bytes, any line lengths), copies everything it reads on stdin to the
// file named by argv[3], and when stdin ends exits with the code argv[4] (default 0).
import { createWriteStream, readFileSync } from 'node:fs';

const [, , outputFile, receivedFile, code] = process.argv;
const received = createWriteStream(receivedFile);
process.stdout.write(readFileSync(outputFile));
process.stdin.pipe(received);
received.on('finish', () => process.exit(Number(code ?? 0)));
