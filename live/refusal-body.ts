// Why: the Streamable HTTP page lets a server refuse a GET (the stream for server messages) or a
// DELETE (ending the session) with an HTTP status alone ("return HTTP 405 Method Not Allowed"); it
// says nothing of that answer's body. Such a body answers no JSON-RPC request and reaches no
// client's session, so it is no message of the session and no rule judges it: the SDKs' 405 body
// `{"jsonrpc":"2.0","error":{...},"id":null}` is the server's HTTP error text, not a JSON-RPC error
// response. check discards it; the tap and the matrix's recorder pass it on and record the status.
// A POST's answer is always judged: whatever its status, it answers the message the POST carried.

/** Whether the body of an HTTP answer carries messages of the session, to be judged. */
export function answerCarriesMessages(method: string, status: number): boolean {
  return method === 'POST' || (status >= 200 && status <= 299);
}
