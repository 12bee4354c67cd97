// A byte mirror for the tap's transparency tests: writes the bytes of the file named by argv[2]
// to stdout as they are (any bytes, any line lengths), copies everything it reads on stdin to the
// file named by argv[3], and once stdin has ended and its own output is written, exits with the
// code argv[4] (default 0). A pipe's write is asynchronous: exiting before its callback would cut
// the output short whenever the reader is slow (seen on a loaded machine), which is not the tap's doing.
import { createWriteStream, readFileSync } from 'node:fs';

const [, , outputFile, receivedFile, code] = process.argv;
const received = createWriteStream(receivedFile);
const written = new Promise((resolve) => process.stdout.write(readFileSync(outputFile), resolve));
const finished = new Promise((resolve) => received.on('finish', resolve));
process.stdin.pipe(received);
void Promise.all([written, finished]).then(() => process.exit(Number(code ?? 0)));
