// Why: a live run and a re-read trace must be judged identically, so both feed their wire
// messages, in order, through this one judge: the strict reader for the text, then the one
// Session, under the profile the handshake negotiates. The session cannot start before the
// server has answered initialize (a server may answer another version it supports, and the
// whole session is judged under the answer's profile), so the first messages wait for that. A
// server that answers a published revision no profile judges (validators/negotiation.ts) is within
// its rights: the session is then not judged at all, and the negotiation says which version it was.
import type { InspectionEvent } from 'xstate';
import type { Forgotten, WireStep } from '../machines/session.ts';
import { Judge, MAX_WAITING as WAITING_LIMIT, REMEMBERED_REQUESTS, RequestMemory, type JudgedFinding } from '../judge/judge.ts';
import type { FindingTarget } from '../validators/finding-target.ts';
import { OPPOSITE, type Direction, type JsonObject, type Profile } from '../validators/context.ts';
import { idKey, isRequestId, type IdKey, type RequestId } from '../validators/envelope.ts';
import type { Finding, Severity } from '../validators/finding.ts';
import { handshakeProfile, negotiatedProfile, notJudgedPointer, opensNegotiation } from '../judge/profile-choice.ts';
import { ProfileWait, waitReason } from '../judge/profile-wait.ts';
import { finding } from '../validators/rules/report.ts';
import type { RuleSpec } from '../validators/rules/rule.ts';
import { isJsonObject } from '../validators/shape.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import type { PROBE_KINDS } from '../trace/trace-schema.ts';
import { MarkerOracle } from './marker-oracle.ts';
import { eraOfProbeAnswer, isModernError } from '../validators/era.ts';
import { ruleById } from '../validators/rules/index.ts';

/** A deliberately wrong client request: its own rejection is expected, its answer is judged. */
export type ProbeKind = (typeof PROBE_KINDS)[number];

/**
 * What each probe's answer must (or should) be, and the rule that says so: an error with this
 * code. A request between the initialize result and notifications/initialized may be served or
 * refused (the lifecycle page asks the client not to send requests before the initialize result,
 * and forbids the server nothing here). A second request with an id in flight and a reused id are
 * robustness probes: how they are answered is at most a warning.
 */
const PROBE_ANSWERS: Readonly<Record<ProbeKind, { readonly code: number; readonly rule: RuleSpec } | undefined>> = {
  'unknown-method': { code: -32601, rule: ruleById('probe/unknown-method-code') },
  'invalid-params': { code: -32602, rule: ruleById('probe/invalid-params-code') },
  'before-initialized': undefined,
  'duplicate-id': undefined,
  'reused-id': undefined,
  'unsupported-version': { code: -32022, rule: ruleById('probe/unsupported-version-code') },
  'header-mismatch': { code: -32020, rule: ruleById('probe/header-validation-code') },
  'header-missing': { code: -32020, rule: ruleById('probe/header-validation-code') },
  'era-probe': undefined,
  // The judging server's requests for what the client did not declare: roots/list SHOULD be refused
  // with -32601; an undeclared elicitation mode is judged by the session's elicitation rules.
  'undeclared-roots': { code: -32601, rule: ruleById('probe/undeclared-capability-answer') },
  'undeclared-elicitation-mode': undefined,
  // A retry whose requestState the checker altered or sent again: a server MUST reject state that
  // fails verification only where tampering matters (mrtr, server requirements), so how it answers is
  // judged as any answer, and the retry's own findings are the checker's.
  'wrong-request-state': undefined,
  // A request from a foreign Origin is judged by its HTTP status (live/http-modern.ts): a 403's
  // body is not read as a message, and an answer it got anyway is judged as any answer.
  'foreign-origin': undefined,
  // A tools/call with arguments the tool's own inputSchema refuses: any JSON-RPC error or a result
  // with isError answers it (the tools page allows both); a plain result is judged in #checkProbeAnswer.
  'invalid-arguments': undefined,
  // The tools/list that tells a legacy server from a modern one after server/discover was answered
  // -32601: a modern answer is judged as any answer, a legacy one not at all (#feed).
  'era-confirm': undefined,
  // resources, Error Handling: a resource that does not exist MUST be answered with -32602.
  'unknown-resource': { code: -32602, rule: ruleById('probe/unknown-resource-code') },
  // basic, _meta: a request missing a required field MUST be refused -32602; the session judges the
  // answer (stateless/malformed-request-served), the HTTP header judge its status.
  'missing-meta': undefined,
  // The modern server/discover after a request without _meta: judged in #checkAfterLegacyAnswer.
  'after-legacy-request': undefined,
  // A method 2026-07-28 removed (ping, logging/setLevel, resources/subscribe, resources/unsubscribe):
  // an error answers it with -32601 (a result is no finding: no line forbids a server a method of its own).
  'removed-method': { code: -32601, rule: ruleById('probe/unknown-method-code') },
  'version-header-mismatch': { code: -32020, rule: ruleById('probe/header-validation-code') },
  'name-header-mismatch': { code: -32020, rule: ruleById('probe/header-validation-code') },
  'name-header-missing': { code: -32020, rule: ruleById('probe/header-validation-code') },
  // An Mcp-Name in the Base64 form of its matching value: judged in #checkEncodedNameAnswer.
  'encoded-name': undefined,
  // The judging server's tools/list page offering a tool whose x-mcp-header annotation is invalid on
  // purpose: the client must exclude the tool (http/client-invalid-tool-called); nothing answers it.
  'invalid-tool-offer': undefined,
  // logging, Error Handling: an unrecognized logLevel SHOULD be rejected with -32602.
  'invalid-log-level': { code: -32602, rule: ruleById('probe/invalid-log-level-code') },
};

/** The session rule that blames a probe's wrong answer for the very defect the probe rule would: the probe rule then adds nothing. */
const SAME_DEFECT: Readonly<Partial<Record<ProbeKind, string>>> = {
  'unsupported-version': 'stateless/unsupported-version-not-rejected',
  // -32002, the code of earlier revisions, is stateless/legacy-error-code already.
  'unknown-resource': 'stateless/legacy-error-code',
};

const PROBE_NAMES: Readonly<Record<ProbeKind, string>> = {
  'unknown-method': 'unknown method',
  'invalid-params': 'invalid params',
  'before-initialized': 'request before notifications/initialized',
  'duplicate-id': 'second request with one id',
  'reused-id': 'reused id',
  'unsupported-version': 'unsupported protocol version',
  'header-mismatch': 'mismatching header',
  'header-missing': 'missing header',
  'era-probe': 'server/discover era probe',
  'undeclared-roots': 'roots/list to a client without roots',
  'undeclared-elicitation-mode': 'elicitation in a mode the client did not declare',
  'wrong-request-state': 'retry with an altered or replayed requestState',
  'foreign-origin': 'foreign Origin',
  'invalid-arguments': 'tool call with arguments its inputSchema refuses',
  'era-confirm': 'tools/list era confirmation',
  'unknown-resource': 'resources/read of an absent URI',
  'missing-meta': 'request missing a required _meta field',
  'after-legacy-request': 'server/discover after a request without _meta',
  'removed-method': 'method the revision removed',
  'version-header-mismatch': 'mismatching MCP-Protocol-Version header',
  'name-header-mismatch': 'mismatching Mcp-Name header',
  'name-header-missing': 'missing Mcp-Name header',
  'encoded-name': 'Base64-encoded Mcp-Name',
  'invalid-tool-offer': 'a tool offered with an invalid x-mcp-header annotation',
  'invalid-log-level': 'unrecognized logLevel',
};

/** A finding placed on the event it rests on. */
export interface EventFinding {
  readonly event: number;
  readonly rule: string;
  readonly severity: Severity;
  readonly pointer: string;
  readonly message: string;
}

/** What the handshake settled: the profile, the negotiated version and both sides' capabilities. */
export interface Negotiation {
  readonly profile: Profile;
  /** null until a well-formed initialize result names one. */
  readonly protocolVersion: string | null;
  readonly client: JsonObject | null;
  readonly server: JsonObject | null;
  /** The published revision the handshake settled on that no profile judges (nothing after it was judged), else null. */
  readonly notJudged: string | null;
  /** Where that version is: the event carrying it and the JSON Pointer into that event (null when judged). */
  readonly notJudgedAt: { readonly event: number; readonly pointer: string } | null;
}

interface Pending {
  readonly index: number;
  readonly step: WireStep;
  readonly probe: ProbeKind | undefined;
}

/** Options of a judge; without any, it keeps everything for a run of bounded length (check, validate). */
export interface LiveJudgeOptions {
  /** Receives each finding as it is placed, instead of the judge keeping it (`finish` then returns none). */
  readonly onFinding?: (finding: EventFinding) => void;
  /** Receives every actor inspection event of the session (a live inspector). */
  readonly inspect?: (event: InspectionEvent) => void;
  /** Told after each message went through the session, with the findings it drew there (a live inspector). */
  readonly onJudged?: (index: number, step: WireStep, findings: readonly EventFinding[], session: Judge) => void;
  /** The senders whose requests still unanswered at the end are reported (the tap: both; a check: none, its client is the checker). */
  readonly unanswered?: readonly Direction[];
  /**
   * For a run of unbounded length (tap): methods are remembered for events below this index only,
   * request ids for the latest MAX_REMEMBERED_REQUESTS per direction, and at most MAX_WAITING
   * messages (MAX_WAITING_CHARS of text) wait for the handshake (then the session starts under the profile they imply).
   */
  readonly methodsBelow?: number;
  /** Applied to each message `text` parses, before it is judged (the tap's stand-ins for long keys); the result is what `text` returns. */
  readonly rewrite?: (message: unknown) => unknown;
  /** The client speaks MCP 2026-07-28 alone, as the check was asked (see SessionConfig.modernOnly). */
  readonly modernOnly?: boolean;
  /** The server is the checker's own and every cursor it gave is in view (check-client): an unknown cursor is judged in either era. */
  readonly cursorsInView?: boolean;
  /** The messages are recorded away from the client (the tap, a judging server): see SessionConfig.awayFromClient. */
  readonly awayFromClient?: boolean;
}

/** Request ids remembered per direction (for the method of their answers). */
export const MAX_REMEMBERED_REQUESTS = REMEMBERED_REQUESTS;
/** Messages that wait for the server's initialize answer. */
export const MAX_WAITING = WAITING_LIMIT;
/** Characters of message text that wait for the server's initialize answer, in a run of unbounded length. */
export const MAX_WAITING_CHARS = 32 * 1024 * 1024;

/** Judges a live exchange message by message; findings are kept with their event index. */
export class LiveJudge {
  readonly #findings: EventFinding[] = [];
  readonly #methods = new Map<number, string>();
  #described: RequestMemory | undefined;
  readonly #about = new WeakMap<EventFinding, { readonly method?: string; readonly target?: FindingTarget }>();
  /** Probes by their sender and id (`client_to_server 7`): a client's are answered by the server, the judging server's by the client. */
  readonly #probes = new Map<string, ProbeKind>();
  /** Ids the client reused on purpose (the duplicate-id and reused-id probes). */
  readonly #reusedIds = new Set<IdKey>();
  readonly #markers = new MarkerOracle();
  /** What waits for the handshake (the wait begins with the run). */
  readonly #wait = new ProfileWait<Pending>(true);
  /**
   * The server/discover a dual-era client opened with, and what came while its era was open: a
   * modern answer starts the session with them (2026-07-28); a legacy one, or an initialize sent
   * without an answer, leaves them out of the legacy session (they are described, not judged).
   */
  #era: { readonly id: IdKey; readonly held: Pending[]; legacy?: true } | undefined;
  /**
   * A check that speaks 2026-07-28 alone (modernOnly) opens with server/discover: until the
   * server shows its era, every message is held. A DiscoverResult or a modern error (or, after a
   * -32601, a tools/list answered with resultType or a modern error) shows a modern server: the
   * held messages are judged. Any other answer, or none (stdio page, Backward Compatibility: "The
   * server returns any other error, or does not respond within a reasonable timeout: the server is
   * legacy"), shows a legacy server, which speaks an era the check did not: its messages are fed to
   * the session for what they are, and no finding is placed on them (the check could not run).
   */
  #serverEra: { readonly held: Pending[]; discover?: IdKey; confirm?: IdKey } | 'modern' | 'legacy' | undefined;
  /** Requests answered by something not judged while the handshake was still awaited (applied once the session starts). */
  #unjudgedAnswers: { readonly direction: Direction; readonly id: RequestId }[] = [];
  #waitingChars = 0;
  /** The length of the text being judged (0 for a message judged without its text). */
  #textChars = 0;
  #session: Judge | undefined;
  #initializeId: IdKey | undefined;
  #profile: Profile | undefined;
  #client: JsonObject | null = null;
  #server: JsonObject | null = null;
  #version: string | null = null;
  #notJudged: string | null = null;
  #notJudgedAt: Negotiation['notJudgedAt'] = null;
  readonly #options: LiveJudgeOptions;
  readonly #recent: number[] = [];
  readonly #methodsBelow: number;

  constructor(options: LiveJudgeOptions = {}) {
    this.#options = options;
    this.#methodsBelow = options.methodsBelow ?? Number.POSITIVE_INFINITY;
    if (options.modernOnly === true) this.#serverEra = { held: [] };
  }

  /**
   * Reads one wire text with the strict reader and judges it; returns the parsed value, or
   * undefined when the text is not strict JSON (that is a finding of its own).
   */
  text(index: number, direction: Direction, text: string, probe?: ProbeKind): unknown {
    let message: unknown;
    try {
      message = parseStrictJson(text);
    } catch (error) {
      if (!(error instanceof StrictJsonError)) throw error;
      this.#place({ event: index, rule: error.rule, severity: 'error', pointer: `/message${error.pointer}`, message: `not one strict JSON message: ${error.message}` });
      return undefined;
    }
    if (this.#options.rewrite !== undefined) message = this.#options.rewrite(message);
    this.#textChars = text.length;
    try {
      this.message(index, direction, message, probe);
    } finally {
      this.#textChars = 0;
    }
    return message;
  }

  /** Judges one parsed wire message. */
  message(index: number, direction: Direction, message: unknown, probe?: ProbeKind): void {
    if (this.#holdForServerEra(index, direction, message, probe)) return;
    if (this.#holdForEra(index, direction, message, probe)) return;
    this.#note(index, direction, message, probe);
    if (this.#notJudged !== null) {
      this.#describe(index, direction, message);
      return;
    }
    const step: WireStep = { direction, message };
    if (!this.#wait.waiting) {
      this.#feed(index, step, probe);
      return;
    }
    this.#wait.add({ index, step, probe });
    this.#waitingChars += this.#textChars;
    if ((this.#wait.items.length >= MAX_WAITING || this.#waitingChars > MAX_WAITING_CHARS) && this.#methodsBelow !== Number.POSITIVE_INFINITY) {
      this.#settle(undefined);
      return;
    }
    if (this.#wait.items.length === 1) {
      // The client's initialize waits for its answer; a first request that names no revision, for the traffic to tell.
      const reason = waitReason(step);
      if (reason === 'revision') this.#wait.leaveRevisionOpen();
      else if (reason === undefined) this.#start(negotiatedProfile(step), undefined);
    } else {
      const evidence = this.#wait.evidence(step);
      if (evidence !== undefined) this.#start(evidence, undefined);
    }
  }

  /** Subscriptions and listed tools the session forgot to stay within its bounds (none before it starts). */
  get forgotten(): Forgotten | undefined {
    return this.#session?.forgotten;
  }

  /**
   * Notes that the request `id` sent in `direction` was answered by something not judged (a body
   * the tap passed on past its own limit): it is not reported as never answered.
   */
  answeredUnjudged(direction: Direction, id: RequestId): void {
    if (this.#session !== undefined) this.#session.answeredUnjudged(direction, id);
    else if (this.#wait.waiting && this.#unjudgedAnswers.length < MAX_WAITING) this.#unjudgedAnswers.push({ direction, id });
  }

  /** The methods of the requests one side sent that are still unanswered (those waiting for the handshake included). */
  unanswered(direction: Direction): string[] {
    if (this.#session !== undefined) return this.#session.view().pending[direction].map((p) => p.method);
    return this.#wait.items.flatMap(({ step }) => {
      const m = step.message;
      return step.direction === direction && isJsonObject(m) && typeof m['method'] === 'string' && isRequestId(m['id']) ? [m['method']] : [];
    });
  }

  /** The findings placed on one event so far. */
  findingsAt(index: number): EventFinding[] {
    return this.#findings.filter((f) => f.event === index);
  }

  /** The method of a message event, or of the request a response event answers. */
  methodOf(index: number): string | null {
    return this.#methods.get(index) ?? null;
  }

  /**
   * Holds the era probe and what follows it until its era is known; true when `message` was held
   * or described. The probe opens a run only as its first message.
   */
  #holdForEra(index: number, direction: Direction, message: unknown, probe: ProbeKind | undefined): boolean {
    const id = isJsonObject(message) ? message['id'] : undefined;
    if (this.#era === undefined) {
      if (probe !== 'era-probe' || direction !== 'client_to_server' || !isRequestId(id) || !this.#wait.waiting || this.#wait.items.length !== 0 || this.#session !== undefined) return false;
      this.#era = { id: idKey(id), held: [{ index, step: { direction, message }, probe: undefined }] };
      return true;
    }
    const era = this.#era;
    const answers = era.legacy !== true && direction === 'server_to_client' && isJsonObject(message) && !('method' in message) && isRequestId(id) && idKey(id) === era.id;
    if (answers) {
      era.held.push({ index, step: { direction, message }, probe: undefined });
      // A legacy answer keeps the window open until the client's next message (its initialize):
      // what the server sends meanwhile came before an initialize the probe delayed, and a legacy
      // session would blame it for coming first (lifecycle/initialize-first), for the checker's doing.
      if (eraOfProbeAnswer(message) === 'modern') this.#endEra(true);
      else era.legacy = true;
      return true;
    }
    if (direction === 'server_to_client') {
      era.held.push({ index, step: { direction, message }, probe });
      return true;
    }
    // The client went on: after a legacy answer, or without an answer with initialize (legacy), or with anything else (modern).
    this.#endEra(era.legacy !== true && !opensNegotiation({ direction, message }));
    return false;
  }

  /** Holds a modernOnly run's messages until the server shows its era (see #serverEra); true when `message` was held. */
  #holdForServerEra(index: number, direction: Direction, message: unknown, probe: ProbeKind | undefined): boolean {
    const era = this.#serverEra;
    if (era === undefined || era === 'modern' || era === 'legacy') return false;
    const id = isJsonObject(message) ? message['id'] : undefined;
    const method = isJsonObject(message) ? message['method'] : undefined;
    if (direction === 'client_to_server' && typeof method === 'string' && isRequestId(id)) {
      if (era.discover === undefined && era.held.every((h) => h.step.direction !== 'client_to_server')) {
        // Only a run that opens with server/discover asks the server's era first.
        if (method !== 'server/discover') return this.#endServerEra('modern', index, direction, message, probe);
        era.discover = idKey(id);
      } else if (probe === 'era-confirm') era.confirm = idKey(id);
    }
    era.held.push({ index, step: { direction, message }, probe });
    if (direction !== 'server_to_client' || !isJsonObject(message) || 'method' in message || !isRequestId(id)) return true;
    const key = idKey(id);
    if (key === era.discover) {
      if (eraOfProbeAnswer(message) === 'modern') this.#endServerEra('modern');
      // -32601: a legacy server's usual answer, or a 2026-07-28 server without server/discover; the era confirmation tells.
      else if (!(isJsonObject(message['error']) && message['error']['code'] === -32601)) this.#endServerEra('legacy');
    } else if (key === era.confirm) {
      const result = message['result'];
      this.#endServerEra((isJsonObject(result) && typeof result['resultType'] === 'string') || isModernError(message['error']) ? 'modern' : 'legacy');
    } else {
      // An answer to another request: the server was not asked its era the way this waits for.
      this.#endServerEra('modern');
    }
    return true;
  }

  /** Ends the wait for the server's era: the held messages (and the one given, after them) are judged, or fed without findings. */
  #endServerEra(era: 'modern' | 'legacy', index?: number, direction?: Direction, message?: unknown, probe?: ProbeKind): true {
    const held = isJsonObject(this.#serverEra) ? this.#serverEra.held : [];
    this.#serverEra = era;
    for (const h of held) this.message(h.index, h.step.direction, h.step.message, h.probe);
    if (index !== undefined && direction !== undefined) this.message(index, direction, message, probe);
    return true;
  }

  /** Ends the era probe: its messages start the modern session, or are described beside the legacy one. */
  #endEra(modern: boolean): void {
    const held = this.#era?.held ?? [];
    this.#era = undefined;
    for (const h of held) {
      if (modern) this.message(h.index, h.step.direction, h.step.message, h.probe);
      else this.#describe(h.index, h.step.direction, h.step.message);
    }
  }

  /** Judges what is still waiting for the handshake and returns every finding in event order. */
  finish(): { findings: EventFinding[]; negotiation: Negotiation } {
    // A server that never showed its era (its server/discover unanswered): a legacy server.
    if (isJsonObject(this.#serverEra)) this.#endServerEra('legacy');
    // An era probe nothing followed: the run ended before it (judged in the era it opened).
    if (this.#era !== undefined) this.#endEra(this.#era.legacy !== true);
    if (this.#wait.waiting) this.#settle(undefined);
    if (this.#session !== undefined) for (const f of this.#session.end()) if (this.#serverEra !== 'legacy') this.#push(f.at, f);
    this.#session?.stop();
    const findings = this.#findings.map((f, i) => ({ f, i })).sort((a, b) => a.f.event - b.f.event || a.i - b.i).map(({ f }) => f);
    return { findings, negotiation: this.negotiation() };
  }

  /** What the handshake settled so far. */
  negotiation(): Negotiation {
    return {
      profile: this.#profile ?? negotiatedProfile(this.#wait.opening),
      protocolVersion: this.#version,
      client: this.#client,
      server: this.#server,
      notJudged: this.#notJudged,
      notJudgedAt: this.#notJudgedAt,
    };
  }

  /** Remembers methods by id (for responses), the handshake's capabilities, and decides the profile once initialize is answered. */
  #note(index: number, direction: Direction, message: unknown, probe: ProbeKind | undefined): void {
    if (!isJsonObject(message)) return;
    const id = message['id'];
    const method = message['method'];
    if (typeof method === 'string') {
      if (isRequestId(id)) {
        if (probe !== undefined) this.#probes.set(`${direction} ${idKey(id)}`, probe);
        if (probe === 'duplicate-id' || probe === 'reused-id') this.#reusedIds.add(idKey(id));
      }
      if (method === 'initialize' && direction === 'client_to_server' && this.#initializeId === undefined && isRequestId(id)) {
        this.#initializeId = idKey(id);
        const params = message['params'];
        if (isJsonObject(params) && isJsonObject(params['capabilities'])) this.#client = params['capabilities'];
      }
      return;
    }
    if (!isRequestId(id)) return;
    if (direction !== 'server_to_client' || idKey(id) !== this.#initializeId || this.#profile !== undefined) return;
    const result = message['result'];
    const negotiated = handshakeProfile(isJsonObject(result) ? result['protocolVersion'] : undefined);
    if (this.#wait.waiting) this.#settle({ message, index });
    if (isJsonObject(result) && negotiated !== undefined && this.#notJudged === null) {
      this.#version = negotiated.protocolVersion;
      if (isJsonObject(result['capabilities'])) this.#server = result['capabilities'];
    }
  }

  /**
   * Ends the wait for the handshake: with the answer to initialize, or without one (undefined: the
   * run ended or too many messages waited). The session starts under the profile the answer
   * settles, or, for a revision no profile judges, never starts.
   */
  #settle(answer: { readonly message: unknown; readonly index: number } | undefined): void {
    const opening = this.#wait.items[0];
    const settled = this.#wait.choose(answer?.message, negotiatedProfile(opening?.step));
    if (settled.kind === 'judged') {
      this.#start(settled.profile, settled.offeredVersion);
      return;
    }
    this.#notJudged = settled.version;
    const event = settled.from === 'offer' ? opening?.index : answer?.index;
    this.#notJudgedAt = event === undefined ? null : { event, pointer: notJudgedPointer(settled.from) };
    for (const w of this.#wait.end()) this.#describe(w.index, w.step.direction, w.step.message);
  }

  /** Methods by event index; past `methodsBelow`, only the latest few (a long run's findings are described as they are placed). */
  /** Names a message of a session not judged (no session runs; its messages are still described). */
  #describe(index: number, direction: Direction, message: unknown): void {
    this.#described ??= new RequestMemory();
    const label = this.#described.describe(direction, message, index);
    if (label !== undefined) this.#noteMethod(index, label);
  }

  #noteMethod(index: number, method: string): void {
    this.#methods.set(index, method);
    if (index < this.#methodsBelow) return;
    this.#recent.push(index);
    if (this.#recent.length > 2 * MAX_WAITING) this.#methods.delete(this.#recent.shift() as number);
  }

  #start(profile: Profile, offeredVersion: string | undefined): void {
    const waiting = this.#wait.end();
    this.#session = new Judge({
      profile,
      offeredVersion,
      ...(this.#options.cursorsInView === true ? { cursorsInView: true } : {}),
      ...(this.#options.awayFromClient === true ? { awayFromClient: true } : {}),
      ...(this.#options.inspect === undefined ? {} : { inspect: this.#options.inspect }),
      ...(this.#options.modernOnly === true ? { modernOnly: true } : {}),
    }, { unanswered: this.#options.unanswered ?? [] });
    this.#profile = profile;
    // The answer that settled the handshake is not among them: the caller feeds it next.
    for (const pending of waiting) this.#feed(pending.index, pending.step, pending.probe);
    for (const { direction, id } of this.#unjudgedAnswers) this.#session.answeredUnjudged(direction, id);
    this.#unjudgedAnswers = [];
  }

  #feed(index: number, step: WireStep, probe: ProbeKind | undefined): void {
    const session = this.#session as Judge;
    const judged = session.feed(step, index);
    if (judged.label !== undefined) this.#noteMethod(index, judged.label);
    const placed: EventFinding[] = [];
    // A probe is meant to be rejected: the findings on it are the point, not a defect of the client.
    // A legacy answer to the era confirmation is no 2026-07-28 answer: the server is not judged by it.
    // A legacy server met by a check of 2026-07-28 alone: nothing it sends is judged by that revision.
    const quiet = this.#serverEra === 'legacy';
    // The answer to the server/discover after a request without _meta, when it is no modern answer, is
    // one defect (#checkAfterLegacyAnswer): the session's findings on it would repeat it.
    if (probe === undefined && !quiet && !this.#legacyConfirmation(step) && !this.#pinnedAnswer(step)) for (const f of judged.findings) placed.push(this.#push(index, f));
    const answer = quiet ? undefined : this.#checkProbeAnswer(index, step, placed);
    if (answer !== undefined) placed.push(answer);
    const wrong = quiet ? undefined : this.#checkMarkers(index, step);
    if (wrong !== undefined) placed.push(wrong);
    this.#options.onJudged?.(index, step, placed, session);
  }

  /** Whether `step` answers the era confirmation the way a legacy server does (neither resultType nor a modern error). */
  #legacyConfirmation(step: WireStep): boolean {
    const message = step.message;
    if (step.direction !== 'server_to_client' || !isJsonObject(message) || 'method' in message || !isRequestId(message['id'])) return false;
    if (this.#probes.get(`client_to_server ${idKey(message['id'])}`) !== 'era-confirm') return false;
    const result = message['result'];
    return !(isJsonObject(result) && typeof result['resultType'] === 'string') && !isModernError(message['error']);
  }

  /** Whether `step` answers the after-legacy-request probe with no modern answer (neither a DiscoverResult nor a modern error). */
  #pinnedAnswer(step: WireStep): boolean {
    const message = step.message;
    if (step.direction !== 'server_to_client' || !isJsonObject(message) || 'method' in message || !isRequestId(message['id'])) return false;
    if (this.#probes.get(`client_to_server ${idKey(message['id'])}`) !== 'after-legacy-request') return false;
    return eraOfProbeAnswer(message) !== 'modern';
  }

  #checkMarkers(index: number, step: WireStep): EventFinding | undefined {
    const message = step.message;
    if (!isJsonObject(message)) return undefined;
    if (step.direction === 'client_to_server') {
      if (typeof message['method'] === 'string') this.#markers.request(message);
      return undefined;
    }
    if ('method' in message) return undefined;
    const wrong = this.#markers.response(message);
    if (wrong === undefined) return undefined;
    // The client reused the id on purpose: the mixup is the probe's result, a warning that says so.
    const reused = isRequestId(message['id']) && this.#reusedIds.has(idKey(message['id']));
    return this.#push(index, reused ? finding(ruleById('probe/answer-to-reused-id'), wrong.pointer, `robustness probe (the checker reused this id; a client MUST NOT): ${wrong.message}`) : wrong);
  }

  #checkProbeAnswer(index: number, step: WireStep, placed: readonly EventFinding[]): EventFinding | undefined {
    const message = step.message;
    if (!isJsonObject(message) || 'method' in message || !isRequestId(message['id'])) return undefined;
    const key = `${OPPOSITE[step.direction]} ${idKey(message['id'])}`;
    const kind = this.#probes.get(key);
    if (kind === undefined) return undefined;
    this.#probes.delete(key);
    if (kind === 'invalid-arguments') return this.#checkInvalidArgumentsAnswer(index, message);
    if (kind === 'after-legacy-request') return this.#checkAfterLegacyAnswer(index, message);
    if (kind === 'encoded-name') return this.#checkEncodedNameAnswer(index, message);
    if (kind === 'removed-method' && 'result' in message) return undefined;
    const expected = PROBE_ANSWERS[kind];
    if (expected === undefined) return undefined;
    const error = message['error'];
    const code = isJsonObject(error) ? error['code'] : undefined;
    if (code === expected.code) return undefined;
    // One defect, one finding: the session already blamed this answer for the same thing.
    const same = SAME_DEFECT[kind];
    if (same !== undefined && placed.some((f) => f.rule === same)) return undefined;
    const got = isJsonObject(error) ? `error ${JSON.stringify(code)}` : 'a result';
    return this.#push(index, finding(expected.rule, isJsonObject(error) ? '/message/error/code' : '/message',
      `the ${PROBE_NAMES[kind]} probe was answered with ${got}, not error ${expected.code}`));
  }

  /** A tool call with refused arguments must be refused: a JSON-RPC error, or a result with isError: true. */
  #checkInvalidArgumentsAnswer(index: number, message: JsonObject): EventFinding | undefined {
    const result = message['result'];
    if (!isJsonObject(result) || result['isError'] === true) return undefined;
    // 2026-07-28: a result that asks for input first is no answer to the arguments yet.
    if (result['resultType'] !== undefined && result['resultType'] !== 'complete') return undefined;
    return this.#push(index, finding(ruleById('probe/invalid-arguments-accepted'), '/message/result',
      'the tool was called with arguments its own inputSchema refuses (the request says how) and answered a result without isError: true, not a JSON-RPC error'));
  }

  /**
   * basic, Statelessness: "Servers MUST NOT rely on prior requests over the same connection to
   * establish context (e.g., capabilities, protocol version, client identity)". The server/discover
   * sent with its _meta right after a request without one must be answered as the first one was:
   * a DiscoverResult, or a 2026-07-28 error.
   */
  #checkAfterLegacyAnswer(index: number, message: JsonObject): EventFinding | undefined {
    if (eraOfProbeAnswer(message) === 'modern') return undefined;
    const error = message['error'];
    const got = isJsonObject(error) ? `error ${JSON.stringify(error['code'])}` : 'a result that is no DiscoverResult';
    return this.#push(index, finding(ruleById('stateless/relies-on-prior-request'), isJsonObject(error) ? '/message/error' : '/message/result',
      `server/discover, sent with its 2026-07-28 _meta right after a request without _meta on the same connection, was answered with ${got}, where the same request got a DiscoverResult before: the server took the connection's protocol version from the earlier request`));
  }

  /** Streamable HTTP, Value Encoding: an Mcp-Name whose Base64 form decodes to the body's value is decoded, not refused -32020. */
  #checkEncodedNameAnswer(index: number, message: JsonObject): EventFinding | undefined {
    const error = message['error'];
    if (!isJsonObject(error) || error['code'] !== -32020) return undefined;
    return this.#push(index, finding(ruleById('http/encoded-name-refused'), '/message/error/code',
      'the request\'s Mcp-Name was the Base64 sentinel form (=?base64?...?=) of its own params value, and the server refused it with -32020 (HeaderMismatch): it compared the header undecoded'));
  }

  #push(event: number, f: Finding | JudgedFinding): EventFinding {
    const placed = { event, rule: f.rule, severity: f.severity, pointer: f.pointer, message: f.message };
    if ('at' in f && (f.method !== undefined || f.target !== undefined)) {
      this.#about.set(placed, { ...(f.method === undefined ? {} : { method: f.method }), ...(f.target === undefined ? {} : { target: f.target }) });
    }
    return this.#place(placed);
  }

  /** What a finding this judge placed is about: its message's label and target (none for a probe's or a marker's finding). */
  about(f: object): { readonly method?: string; readonly target?: FindingTarget } {
    return this.#about.get(f as EventFinding) ?? {};
  }

  #place(f: EventFinding): EventFinding {
    if (this.#options.onFinding === undefined) this.#findings.push(f);
    else this.#options.onFinding(f);
    return f;
  }
}
