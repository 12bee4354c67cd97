// Why: the 2026-07-28 fuzz peers share one prompt that asks for input: its state, encoded in the
// requestState the server issues (the server keeps none), and the retry that must echo it.

const STATE = 'greeting:ask-1';

/**
 * An answer hook (see modern-peer.mjs) for prompts/get: input_required with a requestState, then
 * the prompt on a retry that echoes it; `onAsked` is told of each input_required result sent.
 */
export function promptAsks(onAsked = () => {}) {
  return (message, send) => {
    const { id, method, params } = message;
    if (method !== 'prompts/get' || id === undefined || typeof params?._meta?.['io.modelcontextprotocol/protocolVersion'] !== 'string') return false;
    if (params.requestState === undefined) {
      onAsked();
      send({ jsonrpc: '2.0', id, result: { resultType: 'input_required', requestState: STATE } });
      return true;
    }
    if (params.requestState !== STATE) {
      send({ jsonrpc: '2.0', id, error: { code: -32602, message: 'Invalid params: requestState does not verify' } });
      return true;
    }
    send({ jsonrpc: '2.0', id, result: { resultType: 'complete', messages: [{ role: 'user', content: { type: 'text', text: 'Hello.' } }] } });
    return true;
  };
}
