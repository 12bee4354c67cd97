// Why: every client of the matrix runs the same session, so that a difference between cells is a
// difference between SDKs, never between scenarios. The session works with the Client of every
// SDK version: connect (initialize, initialized), ping, tools/list, tools/call echo, close. In the
// 2026-07-28 era connect is server/discover and there is no ping (the revision removed it).

/** The text the echo tool is called with, and must give back. */
export const ECHO_TEXT = 'hello from the matrix';

/** Runs the session on a connected-to-be client; exits 0 when every step answered as expected, 1 otherwise. */
export async function runEchoSession(client, transport) {
  try {
    await client.connect(transport);
    if (client.getProtocolEra?.() !== 'modern') await client.ping();
    const listed = await client.listTools();
    if (!listed.tools.some((t) => t.name === 'echo')) throw new Error('tools/list did not list the echo tool');
    const called = await client.callTool({ name: 'echo', arguments: { text: ECHO_TEXT } });
    const text = called.content?.[0]?.text;
    if (text !== ECHO_TEXT) throw new Error(`tools/call echo answered ${JSON.stringify(text)}`);
    await client.close();
    process.exit(0);
  } catch (error) {
    process.stderr.write(`matrix client: ${error instanceof Error ? error.message : String(error)}\n`);
    try {
      await client.close();
    } catch {
      // already closed
    }
    process.exit(1);
  }
}
