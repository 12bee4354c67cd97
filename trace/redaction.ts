// Why: a live run sees credentials: the header values the user passes through the environment,
// every secret-looking variable the server inherits (and may echo), secrets in messages, and
// session ids that grant access while they live. Nothing of that may reach a trace, a report,
// stdout or stderr, so every output goes through one redactor first: the one here, used by the
// live runs when they record and by the reports again at their output boundary, with one policy.
//
// The policy: what the user's side knows is secret (its environment, --header-env values, the
// value of a secret-looking option of the server's command) is searched for everywhere, in every
// form a server could echo it in (JSON escapes, \uXXXX escapes, percent-encoding, base64). What a
// server chooses (its session ids, values it sends under secret-looking members) is searched for
// in string values only, never in member names, and only when long enough to be a secret and not
// one of the protocol's or the tool's own words: a server must not be able to choose what the
// trace says about it. Text is redacted before it is cut, and a cut leaves no part of a secret.
import { METHODS } from '../validators/methods.ts';
import { PROFILE_IDS } from '../validators/profiles.ts';
import { RULES } from '../validators/rules/index.ts';

/** What stands in for a redacted value. */
export const REDACTED = '[REDACTED]';

/** Environment variable and option names that look like they hold a secret (TOKEN, SECRET, KEY, PASSWORD, CREDENTIAL, AUTH anywhere; any case). */
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
 * The one threshold: shorter values are never searched for in text (a value such as `1`, `yes` or
 * `event` would blank out unrelated text). Shorter values under secret-looking members are still
 * replaced whole there, and a short value the user named (an option value, a header) wherever a
 * string is exactly it.
 */
export const MIN_SECRET_LENGTH = 8;

/** Values a server sent under secret-looking members longer than this are replaced where they stand, not searched for elsewhere (bounded work). */
const MAX_PEER_SECRET_LENGTH = 4096;

/** The most forms of values a server sent that are searched for (bounded memory, whatever the server sends). */
const MAX_PEER_FORMS = 20_000;

/** Values of secret-looking variables that are switches, not secrets: redacting them would blank out ordinary words. */
const SWITCH_VALUES: ReadonlySet<string> = new Set(['true', 'false', 'yes', 'no', 'on', 'off', 'null', 'none', 'enabled', 'disabled']);

/**
 * The protocol's and the tool's own words (methods, revisions, rule ids, severities, the trace's
 * kinds and directions): a value a server chooses is never searched for when it is part of one.
 */
const OWN_WORDS = [
  ...METHODS.keys(), ...PROFILE_IDS, ...RULES.keys(), ...[...RULES.keys()].map((id) => id.slice(id.indexOf('/') + 1)),
  'error', 'warning', 'client_to_server', 'server_to_client', 'message', 'http_request', 'http_response', 'stream', 'timeout',
  'transport_error', 'process_exit', 'stderr', 'mcp_statechart_trace', 'mcp-statechart', 'jsonrpc', 'protocolVersion',
  'capabilities', 'serverInfo', 'clientInfo', 'assistant', 'resource_link', 'application/json', 'text/event-stream',
  REDACTED,
].join('\n');

/** Whether an environment variable's (or option's) name looks like it holds a secret. */
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

/** The values of a command's secret-looking options (`--token X`, `--api-key=X`, `-p X` is not one). */
export function secretArguments(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const joined = /^--?([A-Za-z][\w.-]*)=(.*)$/s.exec(arg);
    if (joined !== null) {
      if (isSecretVariable(joined[1] as string) && joined[2] !== '') out.push(joined[2] as string);
      continue;
    }
    const flag = /^--?([A-Za-z][\w.-]*)$/.exec(arg);
    const next = argv[i + 1];
    if (flag !== null && isSecretVariable(flag[1] as string) && next !== undefined && !next.startsWith('-')) {
      out.push(next);
      i++;
    }
  }
  return out;
}

/** The forms in which a text may be echoed: as is, JSON-escaped (also with `\/`), as `\uXXXX` escapes, percent-encoded, base64 (at each alignment). */
export function echoedForms(value: string): string[] {
  const forms = new Set<string>([value]);
  const json = JSON.stringify(value).slice(1, -1);
  forms.add(json);
  forms.add(json.replace(/\//g, '\\/'));
  const units = [...value].map((c) => c.split('').map((u) => u.charCodeAt(0).toString(16).padStart(4, '0')));
  forms.add(units.flat().map((h) => `\\u${h}`).join(''));
  forms.add(units.flat().map((h) => `\\u${h.toUpperCase()}`).join(''));
  const percent = encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  forms.add(percent);
  forms.add(percent.replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase()));
  forms.add(percent.replace(/%20/g, '+'));
  forms.add(value.replace(/[^A-Za-z0-9\-._~]/g, (c) => encodeURIComponent(c.replace(/[\uD800-\uDFFF]/g, '\uFFFD'))));
  const bytes = Buffer.from(value, 'utf8');
  for (let k = 0; k < 3; k++) {
    // The characters of the base64 of `value` preceded by k unknown bytes that depend on `value` alone.
    const encoded = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    const from = Math.ceil((8 * k) / 6);
    const to = Math.floor((8 * (k + bytes.length)) / 6);
    const part = encoded.slice(from, to);
    if (part.length >= MIN_SECRET_LENGTH) {
      forms.add(part);
      forms.add(part.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms].filter((f) => f.length > 0);
}

type Side = 'user' | 'peer';

/**
 * Replaces secrets wherever they occur in text, values under secret-looking keys in JSON, and
 * session ids by stable placeholders (`session-1`, `session-2`, in the order they were first seen).
 */
export class Redactor {
  readonly #user = new Set<string>();
  readonly #peer = new Set<string>();
  /** Values the user named, replaced where a string is exactly one of them, however short. */
  readonly #whole = new Set<string>();
  readonly #names = new Set<string>();
  readonly #sessions = new Map<string, string>();
  /** Each form of each session id, to its placeholder. */
  readonly #sessionForms = new Map<string, string>();
  #all: RegExp | undefined;
  #userOnly: RegExp | undefined;
  #dirty = false;

  constructor(secrets: Iterable<string> = []) {
    for (const s of secrets) this.addSecret(s);
  }

  /** Adds a value from the user's side to redact wherever it occurs, in every echoed form (values shorter than MIN_SECRET_LENGTH are not searched for). */
  addSecret(value: string): void {
    if (value.length >= MIN_SECRET_LENGTH) this.#add('user', value);
  }

  /** Adds a credential as a header carries it: the whole value, and the part after an authorization scheme (`Bearer <token>`). */
  addCredential(value: string): void {
    this.addSecret(value);
    const token = value.replace(/^[A-Za-z][\w-]*\s+/, '');
    if (token !== value) this.addSecret(token);
  }

  /** Redacts the values of the secret-looking options of a command (`--token X`, `--api-key=X`): wherever they occur, and a short one where a string is exactly it. */
  addArguments(argv: readonly string[]): void {
    for (const value of secretArguments(argv)) {
      this.addSecret(value);
      this.#whole.add(value);
    }
  }

  /** Treats members of this name (any case; a header given by --header-env, say) as secret, whatever their length. */
  addSecretName(name: string): void {
    this.#names.add(name.toLowerCase());
  }

  /**
   * Registers a session id; returns its placeholder (the one given, else `session-N`). An id too
   * short to be a secret, or one of the protocol's words, is replaced only where a value is exactly it.
   */
  addSessionId(value: string, given?: string): string {
    let placeholder = this.#sessions.get(value);
    if (placeholder === undefined) {
      placeholder = given ?? `session-${this.#sessions.size + 1}`;
      this.#sessions.set(value, placeholder);
      if (isPeerPattern(value)) {
        for (const form of echoedForms(value)) if (isPeerPattern(form) && !this.#sessionForms.has(form)) this.#sessionForms.set(form, placeholder);
        this.#dirty = true;
      }
    }
    return placeholder;
  }

  /** Learns the values under secret-looking keys in a JSON value, so they are redacted wherever else they occur too (when long enough). */
  learn(value: unknown): void {
    if (Array.isArray(value)) {
      for (const item of value) this.learn(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, member] of Object.entries(value)) {
        if (typeof member === 'string' && this.#isSecretKey(key)) this.#add('peer', member);
        else this.learn(member);
      }
    }
  }

  /** The text with every secret and session id replaced. */
  text(text: string): string {
    return this.#replace(text, this.#pattern('all'));
  }

  /**
   * The tool's own text (a report's lines, which quote an already redacted trace): only what the
   * user's side knows is searched for, so no value a server chose can blank out a rule id or a word.
   */
  ownText(text: string): string {
    return this.#replace(text, this.#pattern('user'));
  }

  /**
   * Redacts a text, then bounds it to `max` characters, keeping its start (or its end), and
   * replaces what is left at the cut of a secret that straddled it: no part of a secret survives
   * a cut. Returns the text and whether it was cut.
   */
  cut(text: string, max: number, keep: 'start' | 'end' = 'start'): { text: string; cut: boolean } {
    const redacted = this.text(text);
    if (redacted.length <= max) return { text: redacted, cut: false };
    if (keep === 'start') {
      let kept = redacted.slice(0, max);
      if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
      const k = this.#straddling(kept, 'start');
      return { text: k === 0 ? kept : kept.slice(0, kept.length - k) + REDACTED, cut: true };
    }
    let kept = redacted.slice(redacted.length - max);
    if (/^[\uDC00-\uDFFF]/.test(kept)) kept = kept.slice(1);
    const k = this.#straddling(kept, 'end');
    return { text: k === 0 ? kept : REDACTED + kept.slice(k), cut: true };
  }

  /**
   * A copy of a JSON value with strings redacted, member names redacted of what the user's side
   * knows, and string values under secret-looking keys replaced whole; `finish`, when given, is
   * applied to every string and key of the copy in the same pass (an output boundary making text
   * well-formed).
   */
  json<T>(value: T, finish: (text: string) => string = (text) => text): T {
    return this.#json(value, false, finish) as T;
  }

  #json(value: unknown, secretKey: boolean, finish: (text: string) => string): unknown {
    if (typeof value === 'string') {
      if (secretKey || this.#whole.has(value)) return REDACTED;
      return finish(this.text(value));
    }
    if (Array.isArray(value)) return value.map((item) => this.#json(item, false, finish));
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    // A member name is text a server chose and may echo the user's secret; what the server itself chose is never searched for in it.
    for (const [key, member] of Object.entries(value)) out[finish(this.ownText(key))] = this.#json(member, this.#isSecretKey(key), finish);
    return Object.setPrototypeOf(out, Object.prototype) as unknown;
  }

  #isSecretKey(key: string): boolean {
    return isSecretMember(key) || (this.#names.size > 0 && this.#names.has(key.toLowerCase()));
  }

  #add(side: Side, value: string): void {
    if (side === 'peer' && (!isPeerPattern(value) || value.length > MAX_PEER_SECRET_LENGTH || this.#peer.size >= MAX_PEER_FORMS)) return;
    if (this.#user.has(value) || this.#peer.has(value)) return;
    const into = side === 'user' ? this.#user : this.#peer;
    for (const form of echoedForms(value)) if (side === 'user' || isPeerPattern(form)) into.add(form);
    this.#dirty = true;
  }

  #replace(text: string, pattern: RegExp | undefined): string {
    if (pattern === undefined) return text;
    return text.replace(pattern, (match) => this.#sessionForms.get(match) ?? REDACTED);
  }

  #pattern(which: 'all' | 'user'): RegExp | undefined {
    if (this.#dirty) {
      this.#all = alternation([...this.#user, ...this.#peer, ...this.#sessionForms.keys()]);
      this.#userOnly = alternation([...this.#user]);
      this.#dirty = false;
    }
    return which === 'all' ? this.#all : this.#userOnly;
  }

  /** How many characters at the cut end of `kept` begin (or, keeping the end, finish) a secret that the cut broke. */
  #straddling(kept: string, keep: 'start' | 'end'): number {
    let longest = 0;
    for (const secret of [...this.#user, ...this.#peer, ...this.#sessionForms.keys()]) {
      const span = Math.min(secret.length - 1, kept.length);
      if (keep === 'start') {
        // Candidates start where the secret's first character stands, within its length of the end.
        const first = secret[0] as string;
        for (let at = kept.indexOf(first, kept.length - span); at !== -1 && kept.length - at > longest; at = kept.indexOf(first, at + 1)) {
          if (secret.startsWith(kept.slice(at))) {
            longest = kept.length - at;
            break;
          }
        }
      } else {
        const last = secret[secret.length - 1] as string;
        for (let at = kept.lastIndexOf(last, span - 1); at !== -1 && at + 1 > longest; at = at === 0 ? -1 : kept.lastIndexOf(last, at - 1)) {
          if (secret.endsWith(kept.slice(0, at + 1))) {
            longest = at + 1;
            break;
          }
        }
      }
    }
    return longest;
  }
}

/** Whether a value a server chose may be searched for: long enough to be a secret, and no part of the protocol's or the tool's own words. */
function isPeerPattern(value: string): boolean {
  return value.length >= MIN_SECRET_LENGTH && !OWN_WORDS.includes(value);
}

function alternation(patterns: readonly string[]): RegExp | undefined {
  if (patterns.length === 0) return undefined;
  // Longest first, so that a secret containing another is replaced whole.
  return new RegExp([...new Set(patterns)].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
