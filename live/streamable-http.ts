import type { HttpSetup } from './connection.ts';
import { HttpTransport } from './http-transport.ts';
import type { ClientTransport } from './transport.ts';

/** The Streamable HTTP transport of `--url`: what it records goes through the run's redactor, which learns each session id. */
export const streamableHttp = ({ recorder, url, headers, timeoutMs, redactor }: HttpSetup): ClientTransport =>
  new HttpTransport({
    url: new URL(url),
    recorder,
    timeoutMs,
    headers,
    redactor,
    onSessionId: (id, placeholder) => {
      redactor.addSessionId(id, placeholder);
    },
  });
