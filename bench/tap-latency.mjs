// Why: the tap sits in a developer's loop between a real client and a real server, so what it
// costs is the round-trip time it adds to each request. The official SDK's client sends pings at a
// fixed rate (open loop: each is sent when due, whatever the answers before it) to an SDK server
// (tap-latency-server.mjs), once directly and once through `tap`, in alternating order each round
// (paired), over stdio (a server process per arm) and Streamable HTTP (one server on 127.0.0.1,
// the tap a loopback proxy in front of it). Prints one JSON document: per transport the p50 and p99
// round trips of each arm in each round, in milliseconds. Rates count messages (a ping and its
// answer are two); each transport has its own, as the SDK client over HTTP cannot send as fast.
// Usage: node tap-latency.mjs CLI ROUNDS STDIO_MESSAGES STDIO_RATE HTTP_MESSAGES HTTP_RATE
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [cli, ...numbers] = process.argv.slice(2);
const [ROUNDS, STDIO_MESSAGES, STDIO_RATE, HTTP_MESSAGES, HTTP_RATE] = numbers.map(Number);
const server = new URL('./tap-latency-server.mjs', import.meta.url).pathname;
const START_LIMIT_MS = 15_000;

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `count` pings at `rate` a second, each sent when due; the round-trip time of each (ms). */
async function paced(client, count, rate) {
  const rtts = [];
  const pending = [];
  const interval = 1000 / rate;
  const start = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(count, Math.floor((performance.now() - start) / interval) + 1);
      while (sent < due) {
        sent++;
        const t0 = performance.now();
        pending.push(client.ping().then(() => void rtts.push(performance.now() - t0)));
      }
      if (sent < count) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  await Promise.all(pending);
  return rtts.sort((a, b) => a - b);
}

/** CPU milliseconds a process has used (Linux /proc; undefined elsewhere), at 10 ms resolution. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/**
 * `messages` at `rate` messages a second after a warm-up of an eighth as many (connections, JIT,
 * the tap's judging), and the CPU time the process at the other end (`pid`: the tap, or the server
 * when direct) spent on the timed ones, in µs per message.
 */
async function measure(transport, messages, rate, pid) {
  const client = new Client({ name: 'bench-tap-latency', version: '1.0.0' });
  await client.connect(transport);
  try {
    await paced(client, Math.ceil(messages / 8), rate / 2);
    const at = pid(transport);
    const before = cpuMs(at);
    const rtts = await paced(client, messages / 2, rate / 2);
    const after = cpuMs(at);
    const cpu = before === undefined || after === undefined ? {} : { peer_cpu_us_per_message: ((after - before) * 1000) / messages };
    return { p50_ms: percentile(rtts, 50), p99_ms: percentile(rtts, 99), ...cpu };
  } finally {
    await client.close();
  }
}

/** Starts a child and waits for a line on its stderr that `pattern` matches; returns the child and the match. */
function startUntil(args, env, pattern) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time: ${seen.slice(-200)}`)), START_LIMIT_MS);
    child.stderr.on('data', (chunk) => {
      seen = (seen + chunk.toString('utf8')).slice(-8192);
      const match = pattern.exec(seen);
      if (match === null) return;
      clearTimeout(timer);
      resolve({ child, match });
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready: ${seen.slice(-200)}`)));
  });
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const stdioArms = {
  direct: () => new StdioClientTransport({ command: process.execPath, args: [server, 'stdio'], stderr: 'pipe' }),
  tap: () => new StdioClientTransport({ command: process.execPath, args: [cli, 'tap', '--quiet', '--', process.execPath, server, 'stdio'], stderr: 'pipe' }),
};

async function rounds(arms, messages, rate, pids) {
  const out = { messages, rate, direct: [], tap: [] };
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['direct', 'tap'] : ['tap', 'direct'];
    for (const arm of order) out[arm].push(await measure(arms[arm](), messages, rate, pids[arm]));
  }
  return out;
}

const ownPid = (transport) => transport.pid;
const result = { rounds: ROUNDS, stdio: await rounds(stdioArms, STDIO_MESSAGES, STDIO_RATE, { direct: ownPid, tap: ownPid }) };

const upstream = await startUntil([server, 'http'], {}, /listening (\d+)\n/);
try {
  const direct = `http://127.0.0.1:${upstream.match[1]}/mcp`;
  const tap = await startUntil([cli, 'tap', '--quiet', '--listen', '127.0.0.1:0', '--upstream', direct], {}, /forwarding (http:\/\/127\.0\.0\.1:\d+\/\S*) to /);
  try {
    const via = tap.match[1];
    result.http = await rounds({
      direct: () => new StreamableHTTPClientTransport(new URL(direct)),
      tap: () => new StreamableHTTPClientTransport(new URL(via)),
    }, HTTP_MESSAGES, HTTP_RATE, { direct: () => upstream.child.pid, tap: () => tap.child.pid });
  } finally {
    await stop(tap.child);
  }
} finally {
  await stop(upstream.child);
}
process.stdout.write(JSON.stringify(result) + '\n');
