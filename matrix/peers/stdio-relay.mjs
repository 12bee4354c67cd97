// Why: a matrix cell over stdio must see every line both peers exchange without changing one. The
// client starts this relay as its server (through the SDK's own stdio client transport); the relay
// starts the real server, passes the bytes through unchanged in both directions, and appends each
// line, in the order it passed, to the record file, one JSON object per line: {direction, text}.
// Usage: node stdio-relay.mjs RECORD_FILE -- CMD [ARGS...]
import { spawn } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';

const [record, dashes, command, ...args] = process.argv.slice(2);
if (record === undefined || dashes !== '--' || command === undefined) {
  process.stderr.write('usage: stdio-relay.mjs RECORD_FILE -- CMD [ARGS...]\n');
  process.exit(2);
}
const fd = openSync(record, 'a', 0o600);
const server = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], shell: false });

/** Cuts a byte stream into lines (the newline excluded) and records each as it completes. */
function lineRecorder(direction) {
  let pending = Buffer.alloc(0);
  const write = (bytes) => writeSync(fd, JSON.stringify({ direction, text: bytes.toString('utf8') }) + '\n');
  return {
    chunk(chunk) {
      let data = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let at;
      while ((at = data.indexOf(0x0a)) !== -1) {
        write(data.subarray(0, at));
        data = data.subarray(at + 1);
      }
      pending = data;
    },
    end() {
      if (pending.length > 0) write(pending);
      pending = Buffer.alloc(0);
    },
  };
}

const up = lineRecorder('client_to_server');
const down = lineRecorder('server_to_client');
process.stdin.on('data', (chunk) => {
  up.chunk(chunk);
  server.stdin.write(chunk);
});
process.stdin.on('end', () => {
  up.end();
  server.stdin.end();
});
server.stdin.on('error', () => {});
server.stdout.on('data', (chunk) => {
  down.chunk(chunk);
  process.stdout.write(chunk);
});
server.stdout.on('end', () => down.end());
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('error', (error) => {
  process.stderr.write(`stdio-relay: the server could not be started: ${error.code ?? error.message}\n`);
  closeSync(fd);
  process.exit(127);
});
server.on('exit', (code, signal) => {
  down.end();
  closeSync(fd);
  process.exit(code ?? (signal === null ? 0 : 128));
});
