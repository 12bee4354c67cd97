// Why: a live run sees credentials: the header values the user passes through the environment,
// every secret-looking variable the server inherits (and may echo), secrets in messages, and
// session ids that grant access while they live. Nothing of that may reach a trace, a report,
// stdout or stderr, so every output goes through one redactor first: the one here, used by the
// live runs when they record and by the reports again at their output boundary, with one policy.

/** What stands in for a redacted value. */
export const REDACTED = '[REDACTED]';

/** Environment variable names that look like they hold a secret (TOKEN, SECRET, KEY, PASSWORD, CREDENTIAL, AUTH anywhere; any case). */
const SECRET_VARIABLE = /token|secret|key|password|passwd|credential|auth/i;

/**
 * Object member and header names whose string values are secrets wherever they appear: narrower
 * than variable names, since a message's members are data (`key`, `author`, `keywords` are not
 * secrets; `apiKey`, `x-auth`, `Authorization`, `cookie` are).
 */
const SECRET_MEMBER = /secret|passw(?:or)?d|credential|token|(?:api|private|access|session)[-_]?key|authorization|cookie|(?:^|[-_])auth(?:$|[-_])/i;

/** Protocol members whose names look secret but whose values are not (schema-defined, never credentials). */
const PROTOCOL_MEMBERS: ReadonlySet<string> = new Set(['progressToken', 'maxTokens']);

/**
 * Shorter values are not redacted wherever they occur (a 1-3 character value such as `1` or
 * `yes` would blank out unrelated text); they are still redacted under secret-looking keys.
 */
export const MIN_SECRET_LENGTH = 4;

/** Values of secret-looking variables that are switches, not secrets: redacting them would blank out ordinary words. */
const SWITCH_VALUES: ReadonlySet<string> = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'null', 'none', 'enabled', 'disabled']);

/** Whether an environment variable's name looks like it holds a secret. */
export function isSecretVariable(name: string): boolean {
  return SECRET_VARIABLE.test(name);
}

/** Whether a member or header name looks like it holds a secret (not the protocol's progressToken or maxTokens). */
export function isSecretMember(name: string): boolean {
  return SECRET_MEMBER.test(name) && !PROTOCOL_MEMBERS.has(name);
}

/** The values of every environment variable whose name looks secret, but switches (`true`, `off`, ...) and values too short to redact in text. */
export function secretEnvironmentValues(env: Readonly<Record<string, string | undefined>>): string[] {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.length < MIN_SECRET_LENGTH || SWITCH_VALUES.has(value.toLowerCase())) continue;
    if (isSecretVariable(name)) out.add(value);
  }
  return [...out];
}

/**
 * Replaces secrets wherever they occur in text, values under secret-looking keys in JSON, and
 * session ids by stable placeholders (`session-1`, `session-2`, in the order they were first seen).
 */
export class Redactor {
  #secrets: string[] = [];
  readonly #names = new Set<string>();
  readonly #sessions = new Map<string, string>();
  #pattern: RegExp | undefined;
  #dirty = false;

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.addSecret(s);
  }

  /**
   * Adds a value to redact wherever it occurs (values shorter than MIN_SECRET_LENGTH are ignored),
   * and its JSON-escaped form, in which a finding's message quotes what a server sent.
   */
  addSecret(value: string): void {
    if (value.length < MIN_SECRET_LENGTH || this.#secrets.includes(value)) return;
    this.#secrets.push(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value && !this.#secrets.includes(escaped)) this.#secrets.push(escaped);
    this.#dirty = true;
  }

  /** Treats members of this name (any case; a header given by --header-env, say) as secret, whatever their length. */
  addSecretName(name: string): void {
    this.#names.add(name.toLowerCase());
  }

  /** Registers a session id; returns its placeholder (the one given, else `session-N`). */
  addSessionId(value: string, given?: string): string {
    let placeholder = this.#sessions.get(value);
    if (placeholder === undefined) {
      placeholder = given ?? `session-${this.#sessions.size + 1}`;
      this.#sessions.set(value, placeholder);
      this.#dirty = true;
    }
    return placeholder;
  }

  /** Learns the values under secret-looking keys in a JSON value, so they are redacted wherever else they occur too. */
  learn(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.learn(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        if (typeof member === 'string' && this.#isSecretKey(key)) this.addSecret(member);
        else this.learn(member);
      }
    }
  }

  /** The text with every secret and session id replaced. */
  text(text: string): string {
    const pattern = this.#compiled();
    if (pattern === undefined) return text;
    return text.replace(pattern, (match) => this.#sessions.get(match) ?? REDACTED);
  }

  /**
   * A copy of a JSON value with strings and keys redacted, and string values under secret-looking
   * keys replaced whole; `finish`, when given, is applied to every string and key of the copy in
   * the same pass (an output boundary making text well-formed).
   */
  json<T>(value: T, finish: (text: string) => string = (text) => text): T {
    return this.#json(value, false, finish) as T;
  }

  #json(value: unknown, secretKey: boolean, finish: (text: string) => string): unknown {
    if (typeof value === 'string') return secretKey ? REDACTED : finish(this.text(value));
    if (Array.isArray(value)) return value.map((item) => this.#json(item, false, finish));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    // A key is text a server chose, and may echo a secret too.
    for (const [key, member] of Object.entries(value)) out[finish(this.text(key))] = this.#json(member, this.#isSecretKey(key), finish);
    return Object.setPrototypeOf(out, Object.prototype) as unknown;
  }

  #isSecretKey(key: string): boolean {
    return isSecretMember(key) || (this.#names.size > 0 && this.#names.has(key.toLowerCase()));
  }

  #compiled(): RegExp | undefined {
    if (this.#dirty) {
      // Longest first, so that a secret containing another is replaced whole.
      const all = [...this.#secrets, ...this.#sessions.keys()].sort((a, b) => b.length - a.length);
      this.#pattern = all.length === 0 ? undefined : new RegExp(all.map(escapeRegExp).join('|'), 'g');
      this.#dirty = false;
    }
    return this.#pattern;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
