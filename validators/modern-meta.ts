/**
 * The per-request `_meta` of the stateless 2026-07-28 revision: with no initialize handshake, every
 * client request says which protocol version it speaks and which client capabilities it has.
 */
import * as v from 'valibot';
import { validateClientCapabilities } from './capabilities-shape.ts';
import type { JsonObject, ValidationContext } from './context.ts';
import { isRequestId } from './envelope.ts';
import { pointerJoin, type Finding } from './finding.ts';
import { validateImplementation } from './initialize.ts';
import { findingsOf, isJsonObject, NO_FINDINGS, shown } from './shape.ts';
import { finding } from './rules/report.ts';
import { ruleById } from './rules/index.ts';

/** `_meta` key of the protocol version a request speaks. */
export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
/** `_meta` key of the client capabilities declared for one request. */
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
/** `_meta` key of the client's Implementation info. */
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
/** `_meta` key of the server's Implementation info on a result. */
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
/** `_meta` key of the log level a request opts in to. */
export const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
/** `_meta` key naming the subscriptions/listen stream a notification or listen result belongs to. */
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

const LOGGING_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
const LoggingLevelSchema = v.picklist(LOGGING_LEVELS);

function metaOf(params: unknown): JsonObject | undefined {
  const meta = isJsonObject(params) ? params['_meta'] : undefined;
  return isJsonObject(meta) ? meta : undefined;
}

/** The protocol version a request's `_meta` declares, when it is a string. */
export function requestProtocolVersion(params: unknown): string | undefined {
  const version = metaOf(params)?.[PROTOCOL_VERSION_KEY];
  return typeof version === 'string' ? version : undefined;
}

/** The client capabilities a request's `_meta` declares, when they are an object. */
export function requestClientCapabilities(params: unknown): JsonObject | undefined {
  const caps = metaOf(params)?.[CLIENT_CAPABILITIES_KEY];
  return isJsonObject(caps) ? caps : undefined;
}

/** The subscription id a notification's or result's `_meta` carries (`undefined` when absent). */
/**
 * Whether a request's clientCapabilities advertise an extension (a non-empty `extensions` map):
 * extensions may add methods and resultType values (basic, ResultType: "Extensions MAY add
 * additional ResultType values ... advertised via capabilities"; versioning, Extension Negotiation).
 */
export function advertisesExtensions(params: unknown): boolean {
  const extensions = requestClientCapabilities(params)?.['extensions'];
  return isJsonObject(extensions) && Object.keys(extensions).length > 0;
}

export function subscriptionIdOf(value: unknown): unknown {
  return metaOf(value)?.[SUBSCRIPTION_ID_KEY];
}

/**
 * Validates a client request's `params._meta`: the required protocol version and client
 * capabilities, the recommended clientInfo, and the optional logLevel and progressToken.
 */
export function validateRequestMeta(params: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  if (!isJsonObject(params)) {
    return [finding(ruleById('stateless/request-meta-missing'), at, `Invalid request params: Expected an object with _meta but received ${shown(params)}`)];
  }
  const metaAt = pointerJoin(at, '_meta');
  const meta = params['_meta'];
  if (!isJsonObject(meta)) {
    return [finding(ruleById('stateless/request-meta-missing'), metaAt, `Invalid request _meta: Expected an object with ${PROTOCOL_VERSION_KEY} and ${CLIENT_CAPABILITIES_KEY} but received ${shown(meta)}`)];
  }
  const out: Finding[] = [];
  for (const key of [PROTOCOL_VERSION_KEY, CLIENT_CAPABILITIES_KEY]) {
    if (!Object.hasOwn(meta, key)) out.push(finding(ruleById('stateless/request-meta-missing'), pointerJoin(metaAt, key), `Invalid request _meta: Expected ${key} but received none`));
  }
  const version = meta[PROTOCOL_VERSION_KEY];
  if (version !== undefined && typeof version !== 'string') {
    out.push(finding(ruleById('stateless/request-meta-shape'), pointerJoin(metaAt, PROTOCOL_VERSION_KEY), `Invalid protocolVersion: Expected a string but received ${shown(version)}`));
  }
  if (Object.hasOwn(meta, CLIENT_CAPABILITIES_KEY)) {
    for (const f of validateClientCapabilities(meta[CLIENT_CAPABILITIES_KEY], pointerJoin(metaAt, CLIENT_CAPABILITIES_KEY), ctx)) out.push(f);
  }
  if (Object.hasOwn(meta, CLIENT_INFO_KEY)) {
    for (const f of validateImplementation(meta[CLIENT_INFO_KEY], pointerJoin(metaAt, CLIENT_INFO_KEY), ctx)) out.push(f);
  } else {
    out.push(finding(ruleById('stateless/client-info-missing'), pointerJoin(metaAt, CLIENT_INFO_KEY), `Request _meta: ${CLIENT_INFO_KEY} should identify the client but is absent`));
  }
  const level = meta[LOG_LEVEL_KEY];
  if (level !== undefined && !v.is(LoggingLevelSchema, level)) {
    out.push(finding(ruleById('stateless/request-meta-shape'), pointerJoin(metaAt, LOG_LEVEL_KEY), `Invalid logLevel: Expected one of ${LOGGING_LEVELS.join(', ')} but received ${shown(level)}`));
  }
  const token = meta['progressToken'];
  if (token !== undefined && !isRequestId(token)) {
    out.push(finding(ruleById('stateless/request-meta-shape'), pointerJoin(metaAt, 'progressToken'), `Invalid progressToken: Expected a string or integer but received ${shown(token)}`));
  }
  const trace = checkTraceparent(meta, metaAt);
  if (trace) out.push(trace);
  out.push(...checkMetaKeys(meta, metaAt), ...checkExtensionIds(meta[CLIENT_CAPABILITIES_KEY], pointerJoin(metaAt, CLIENT_CAPABILITIES_KEY)));
  return findingsOf(out);
}

/** One prefix label: starts with a letter, ends with a letter or digit, letters, digits and hyphens between. */
const LABEL = '[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?';
/** A key's name: empty, or alphanumerics at both ends with alphanumerics, hyphens, underscores and dots between. */
const NAME = '(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?';
/** basic, General fields, `_meta`, Key name format: an optional prefix (labels, dots, a slash) and a name. */
const META_KEY = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?${NAME}$`);
/** versioning, Extension Negotiation: the `_meta` key rules "with a mandatory prefix". */
const EXTENSION_ID = new RegExp(`^${LABEL}(?:\\.${LABEL})*/${NAME}$`);

/** One stateless/meta-key finding per key of `meta` that breaks the key name format (basic, `_meta`: the prefix and the name MUST). */
export function checkMetaKeys(meta: JsonObject, metaAt: string): Finding[] {
  return Object.keys(meta).filter((key) => !META_KEY.test(key)).map((key) => finding(ruleById('stateless/meta-key'), pointerJoin(metaAt, key),
    `Invalid _meta key ${shown(key)}: Expected an optional prefix of dot-separated labels (each starting with a letter, ending with a letter or digit) and a slash, then a name that begins and ends with an alphanumeric`));
}

/** One stateless/extension-id finding per key of `capabilities.extensions` that is no prefixed `_meta` key name. */
export function checkExtensionIds(capabilities: unknown, capabilitiesAt: string): Finding[] {
  const extensions = isJsonObject(capabilities) ? capabilities['extensions'] : undefined;
  if (!isJsonObject(extensions)) return [];
  const at = pointerJoin(capabilitiesAt, 'extensions');
  return Object.keys(extensions).filter((key) => !EXTENSION_ID.test(key)).map((key) => finding(ruleById('stateless/extension-id'), pointerJoin(at, key),
    `Invalid extension identifier ${shown(key)}: Expected a _meta key name with a mandatory prefix, such as io.modelcontextprotocol/ui or com.example/feature`));
}

/** W3C Trace Context traceparent: version-traceid-parentid-flags in lowercase hex. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(-.*)?$/;

/**
 * A `traceparent` in `_meta` that does not follow W3C Trace Context (basic, OpenTelemetry trace
 * context: "When present, their values MUST follow W3C Trace Context"): the header's form, version
 * not ff, trace-id and parent-id not all zeros, and nothing after the flags in version 00.
 */
export function checkTraceparent(meta: JsonObject, metaAt: string): Finding | undefined {
  if (!Object.hasOwn(meta, 'traceparent')) return undefined;
  const value = meta['traceparent'];
  const m = typeof value === 'string' ? TRACEPARENT.exec(value) : null;
  const ok = m !== null && m[1] !== 'ff' && !/^0+$/.test(m[2] as string) && !/^0+$/.test(m[3] as string) && !(m[1] === '00' && m[4] !== undefined);
  if (ok) return undefined;
  return finding(ruleById('stateless/traceparent'), pointerJoin(metaAt, 'traceparent'),
    `Invalid traceparent: Expected W3C Trace Context version-traceid-parentid-flags (e.g. 00-0af7651916cd43dd8448eb211c80319c-00f067aa0ba902b7-01) but received ${shown(value)}`);
}

/** Validates a result's `_meta`: an object whose serverInfo, when present, is an Implementation. */
export function validateResultMeta(result: unknown, at: string, ctx: ValidationContext): readonly Finding[] {
  const meta = metaOf(result);
  if (meta === undefined) return NO_FINDINGS;
  const trace = checkTraceparent(meta, pointerJoin(at, '_meta'));
  const keys = checkMetaKeys(meta, pointerJoin(at, '_meta'));
  const found = Object.hasOwn(meta, SERVER_INFO_KEY) ? validateImplementation(meta[SERVER_INFO_KEY], pointerJoin(at, '_meta', SERVER_INFO_KEY), ctx) : [];
  const all = [...found, ...(trace ? [trace] : []), ...keys];
  return all.length === 0 ? NO_FINDINGS : all;
}
