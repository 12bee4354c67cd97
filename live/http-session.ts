// Why: a Streamable HTTP session id is a credential the server hands out once, on the response
// that carries a valid InitializeResult; the client must send it, and the negotiated protocol
// version, on every later request, and must never adopt one offered anywhere else. This holds
// that state, decides whether an InitializeResult is valid with the same validator the session
// uses, and replaces every session id with a stable placeholder before anything is recorded.
import http from 'node:http';
import type { JsonObject } from '../validators/context.ts';
import { hasError } from '../validators/finding.ts';
import { initializeMethods } from '../validators/initialize.ts';
import { profileForVersion, SPEC_2025_11_25 } from '../validators/profiles.ts';
import { isJsonObject } from '../validators/shape.ts';
import { MIN_SECRET_LENGTH } from '../trace/redaction.ts';

/** What became of the session at the end of a run. */
export type SessionEnd = 'none' | 'open' | 'deleted' | 'delete-refused' | 'already-ended' | 'delete-failed';

/** Whether a session id has only visible ASCII characters (0x21 to 0x7E), as the specification requires. */
export function isVisibleAscii(value: string): boolean {
  return value.length > 0 && /^[\x21-\x7e]+$/.test(value);
}

/** Whether a value can be sent as an HTTP header value at all. */
function isSendable(value: string): boolean {
  try {
    http.validateHeaderValue('mcp-session-id', value);
    return true;
  } catch {
    return false;
  }
}

/** Whether `result` is a valid InitializeResult under the version it names. */
export function isValidInitializeResult(result: unknown): result is JsonObject & { protocolVersion: string } {
  if (!isJsonObject(result) || typeof result['protocolVersion'] !== 'string') return false;
  const profile = profileForVersion(result['protocolVersion']) ?? SPEC_2025_11_25;
  const validate = initializeMethods['initialize']?.result;
  if (validate === undefined) return false;
  return !hasError(validate(result, '/message/result', undefined, { profile, tools: new Map() }));
}

/** The client side of one Streamable HTTP session. */
export class HttpSessionState {
  #id: string | undefined;
  #version: string | undefined;
  readonly #placeholders = new Map<string, string>();
  readonly #onSessionId: ((id: string, placeholder: string) => void) | undefined;
  readonly #flagged = new Set<string>();
  end: SessionEnd = 'none';

  constructor(onSessionId?: (id: string, placeholder: string) => void) {
    this.#onSessionId = onSessionId;
  }

  /** The session id in force, if the server issued one with a valid InitializeResult. */
  get id(): string | undefined {
    return this.#id;
  }

  /** The protocol version the InitializeResult negotiated. */
  get version(): string | undefined {
    return this.#version;
  }

  /** Whether the handshake has produced a valid InitializeResult. */
  get initialized(): boolean {
    return this.#version !== undefined;
  }

  /** The headers every request after initialization carries. */
  headers(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.#id !== undefined) out['mcp-session-id'] = this.#id;
    if (this.#version !== undefined) out['mcp-protocol-version'] = this.#version;
    return out;
  }

  /**
   * Adopts the outcome of a valid InitializeResult: its version, and the session id its HTTP
   * response offered (if any). Returns whether that id breaks the visible-ASCII rule.
   */
  adopt(result: { protocolVersion: string }, offered: string | undefined): { badCharacters: boolean } {
    this.#version = result.protocolVersion;
    if (offered === undefined) return { badCharacters: false };
    this.note(offered);
    if (isSendable(offered)) {
      this.#id = offered;
      this.end = 'open';
    }
    return { badCharacters: !isVisibleAscii(offered) };
  }

  /** Whether an offered id is new and not the one in force (each such id is reported once). */
  isStrayOffer(offered: string): boolean {
    this.note(offered);
    if (offered === this.#id || this.#flagged.has(offered)) return false;
    this.#flagged.add(offered);
    return true;
  }

  /** Registers a session id seen on the wire, so it is replaced wherever it is recorded. */
  note(value: string): void {
    if (value.length === 0 || this.#placeholders.has(value)) return;
    const placeholder = `session-${this.#placeholders.size + 1}`;
    this.#placeholders.set(value, placeholder);
    this.#onSessionId?.(value, placeholder);
  }

  /**
   * Replaces every session id seen so far by its placeholder (longest first): within a text when
   * it is long enough to be a secret, else only a text that is exactly the id (a one-character id
   * must not rewrite every text it occurs in).
   */
  scrub(text: string): string {
    if (this.#placeholders.size === 0) return text;
    const exact = this.#placeholders.get(text);
    if (exact !== undefined) return exact;
    let out = text;
    for (const [value, placeholder] of [...this.#placeholders].sort((a, b) => b[0].length - a[0].length)) {
      if (value.length >= MIN_SECRET_LENGTH && out.includes(value)) out = out.split(value).join(placeholder);
    }
    return out;
  }
}
