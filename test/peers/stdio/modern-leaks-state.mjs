// Defect: state that leaks across requests. The server remembers how many times it was discovered
// over its life, and from its third server/discover on answers it without resultType ("A result
// carries resultType": stateless/result-type, MUST). A fresh process is discovered once per run, so
// a run on its own never shows it; runs sharing one process (fuzz --reuse-server) do.
import { answer } from './modern-core.mjs';
import { startModernPeer } from './modern-peer.mjs';

let discovered = 0;
startModernPeer({
  answer: (message, send) => {
    if (message.method !== 'server/discover' || message.id === undefined) return false;
    discovered += 1;
    const messages = answer(message).messages;
    if (discovered >= 3) for (const m of messages) if (m.result !== undefined) delete m.result.resultType;
    for (const m of messages) send(m);
    return true;
  },
});
