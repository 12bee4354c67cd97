// Not a defect: a server whose one tool requires a task, and whose tasks stay working until they
// are cancelled. A check calls it as a task, polls it, and cancels it once its time is up.
import { send, startPeer } from './base-peer.mjs';

const TOOL = { name: 'long-job', description: 'Works until cancelled.', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } };
const task = (taskId, status) => ({ taskId, status, createdAt: '2026-01-01T00:00:00Z', lastUpdatedAt: '2026-01-01T00:00:00Z', ttl: 60000, pollInterval: 50 });
let created = 0;
const cancelled = new Set();

startPeer({
  capabilities: { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } },
  tools: [TOOL],
  answer: (message) => {
    const { id, method, params } = message;
    if (method === 'tools/call' && params?.task !== undefined) {
      send({ jsonrpc: '2.0', id, result: { task: task(`job-${++created}`, 'working') } });
      return true;
    }
    if (method === 'tasks/get') {
      send({ jsonrpc: '2.0', id, result: task(params.taskId, cancelled.has(params.taskId) ? 'cancelled' : 'working') });
      return true;
    }
    if (method === 'tasks/cancel') {
      cancelled.add(params.taskId);
      send({ jsonrpc: '2.0', id, result: task(params.taskId, 'cancelled') });
      return true;
    }
    return false;
  },
});
