// Why: tests let servers listen on 127.0.0.1 only, but a server under test may bind every
// interface when it is given only a port (server-everything's HTTP mode calls app.listen(PORT)).
// Preloaded into that child process (node --import), this gives such a listen the loopback host
// (a listen that names its own host or path is left alone), and reports on stderr where every
// server ended up listening, so the test can check it.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  const [first, second] = args;
  this.once('listening', () => process.stderr.write(`loopback-listen: ${JSON.stringify(this.address())}\n`));
  const portOnly = typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first));
  if (portOnly && typeof second !== 'string') return listen.call(this, Number(first), '127.0.0.1', ...args.slice(1));
  if (first !== null && typeof first === 'object' && !('host' in first) && !('path' in first) && !('fd' in first) && !('_handle' in first)) {
    return listen.call(this, { ...first, host: '127.0.0.1' }, ...args.slice(1));
  }
  return listen.apply(this, args);
};
