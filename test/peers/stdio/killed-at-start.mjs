// Defect: killed by a signal (as the out-of-memory killer would) before it answers initialize, after a line on stderr.
process.stderr.write('starting\n', () => process.kill(process.pid, 'SIGKILL'));
