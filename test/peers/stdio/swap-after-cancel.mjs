// Defect: its echo tool takes 300 ms, and when a call in flight is cancelled while another is in
// flight, the two answers are swapped: each goes out under the other request's id.
import { startPeer } from './base-peer.mjs';

const waiting = [];
startPeer({
  answer: (message, correct) => {
    if (message.method === 'notifications/cancelled') {
      const cancelled = waiting.find((w) => w.message.id === message.params?.requestId);
      const other = waiting.find((w) => w !== cancelled);
      if (cancelled !== undefined && other !== undefined) {
        const id = cancelled.message.id;
        cancelled.message = { ...cancelled.message, id: other.message.id };
        other.message = { ...other.message, id };
      }
      return false;
    }
    if (message.method !== 'tools/call') return false;
    const entry = { message };
    waiting.push(entry);
    setTimeout(() => {
      waiting.splice(waiting.indexOf(entry), 1);
      correct(entry.message);
    }, 300);
    return true;
  },
});
