// Why: a request the session refused still crossed the wire, and how its peer answers it can break
// a rule of its own: some malformed requests must be refused by the peer with one code, and a peer
// that serves them anyway (or answers another code) is at fault too. Only the result's shape is
// judged otherwise (the request changed no state), so these answers are judged here, from what
// the request itself carried and what the receiver had declared.
import type { Direction, JsonObject, Profile } from '../validators/context.ts';
import type { Finding } from '../validators/finding.ts';
import { describeId } from '../validators/envelope.ts';
import { isJsonObject, shown } from '../validators/shape.ts';
import { finding } from '../validators/rules/report.ts';
import { CLIENT_CAPABILITIES_KEY, PROTOCOL_VERSION_KEY } from '../validators/modern-meta.ts';
import { isModernError } from '../validators/era.ts';
import { ruleById } from '../validators/rules/index.ts';
import type { PendingRequest } from './correlation.ts';
import type { MethodAdmission } from './method-admission.ts';
import type { ValidationContext } from '../validators/context.ts';

/** JSON-RPC's "Invalid params". */
const INVALID_PARAMS = -32602;

/** The required per-request `_meta` keys (2026-07-28, basic: "Per-request protocol fields") a client request lacks. */
function missingMetaKeys(params: unknown): string[] {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  return [PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY].filter((key) => !isJsonObject(meta) || !Object.hasOwn(meta, key));
}

/** The elicitation mode a request asks for and whether `client` declared it (an empty elicitation object declares form). */
function undeclaredElicitationMode(params: unknown, client: JsonObject | undefined): string | undefined {
  const declared = client?.['elicitation'];
  if (!isJsonObject(declared)) return undefined; // elicitation itself undeclared: the page names no answer for that
  const mode = isJsonObject(params) && params['mode'] === 'url' ? 'url' : 'form';
  const bare = !('form' in declared) && !('url' in declared);
  const has = mode === 'form' ? bare || isJsonObject(declared['form']) : isJsonObject(declared['url']);
  return has ? undefined : mode;
}

/** What the session knows when a refused request is answered. */
export interface RefusedAnswerContext {
  readonly profile: Profile;
  /** The client's declared capabilities (the initialize request's), when a handshake declared them. */
  readonly clientCapabilities: JsonObject | undefined;
  /** Whether the profile defines the request's method (an unknown one is the server's to answer -32601, _meta or not). */
  readonly knownMethod: boolean;
}

/**
 * Judges the answer (`result`, else `error`) to a request the session refused, sent in
 * `requestDirection`: a 2026-07-28 client request missing a required `_meta` field must be
 * refused -32602 by the server; a 2025-11-25 elicitation/create in a mode the client did not
 * declare must be refused -32602 by the client.
 */
export function judgeRefusedAnswer(entry: PendingRequest, requestDirection: Direction, answer: { readonly result?: JsonObject; readonly error?: JsonObject },
  context: RefusedAnswerContext): Finding | undefined {
  const code = answer.error?.['code'];
  if (code === INVALID_PARAMS) return undefined;
  const how = answer.result !== undefined ? 'served it with a result' : `answered error ${typeof code === 'number' || typeof code === 'bigint' ? String(code) : shown(code)}`;
  const pointer = answer.result !== undefined ? '/message/result' : '/message/error/code';
  if (context.profile.stateless && requestDirection === 'client_to_server' && context.knownMethod) {
    const missing = missingMetaKeys(entry.params);
    if (missing.length === 0) return undefined;
    // A request without the protocol version carries nothing of this revision: a dual-era server may
    // take it under legacy semantics (versioning, Compatibility Matrix: a server may "process an
    // era-ambiguous method under legacy semantics"; its era is selected "from how the client opens"),
    // so an error that is no modern one (-32601 for server/discover, say) is a legacy answer, no finding.
    if (answer.error !== undefined && missing.includes(PROTOCOL_VERSION_KEY) && !isModernError(answer.error)) return undefined;
    return finding(ruleById('stateless/malformed-request-served'), pointer,
      `${entry.method} request ${describeId(entry.id)} lacks ${missing.join(' and ')} in _meta, so it is malformed, but the server ${how}; it must reject it with -32602 (Invalid params)`);
  }
  if (context.profile.revision === '2025-11-25' && requestDirection === 'server_to_client' && entry.method === 'elicitation/create') {
    const mode = undeclaredElicitationMode(entry.params, context.clientCapabilities);
    if (mode === undefined) return undefined;
    const action = answer.result?.['action'];
    const what = typeof action === 'string' ? `answered action ${shown(action)}` : how;
    return finding(ruleById('elicitation/undeclared-mode-answered'), pointer,
      `elicitation/create request ${describeId(entry.id)} asks for ${mode} mode, which the client did not declare, but the client ${what}; it must answer error -32602 (Invalid params)`);
  }
  return undefined;
}

/**
 * The answer (`result`, else `error`) to a request that crossed the wire untracked (refused, or
 * forgotten past a bound): its result against its method's shape alone (see
 * MethodAdmission.untrackedResult), then what judgeRefusedAnswer says of how it was answered.
 */
export function judgeUntrackedAnswer(entry: PendingRequest, requestDirection: Direction, answer: { readonly result?: JsonObject; readonly error?: JsonObject },
  methods: MethodAdmission, ctx: ValidationContext, clientCapabilities: JsonObject | undefined): readonly Finding[] {
  const shape = answer.result !== undefined ? methods.untrackedResult(entry, answer.result, ctx) : [];
  const refused = judgeRefusedAnswer(entry, requestDirection, answer, { profile: ctx.profile, clientCapabilities, knownMethod: methods.knownRequest(entry.method) });
  return refused === undefined ? shape : [...shape, refused];
}
