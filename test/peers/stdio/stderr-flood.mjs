// Hostile: writes to stderr as fast as its pipe takes it, for ever, and answers nothing; it exits
// when its input ends. A tap that passes stderr on without back-pressure to a host that does not
// read it holds all of it.
const chunk = `${'e'.repeat(65_535)}\n`;
process.stdin.on('data', () => {});
process.stdin.on('end', () => process.exit(0));
(function pump() {
  while (process.stderr.write(chunk));
  process.stderr.once('drain', pump);
})();
