import type http from 'node:http';

/** The Fetch API request of a Node request (the body read whole: MCP POST bodies are one message). */
export function webRequest(req: http.IncomingMessage, port: string): Promise<Request>;
/** Writes a Fetch API response to a Node response, streaming its body (SSE) as it comes. */
export function sendWebResponse(response: Response, res: http.ServerResponse): Promise<void>;
