/**
 * Pure format predicates (URI, MIME type, base64, timestamps, UTF-8 size; URI templates are in uri-template.ts).
 * They never report findings; validators call them and cite the `format/*` rules.
 */

// Character classes of RFC 3986, as a table indexed by char code (ASCII only).
const UNRESERVED = 1;
const SUB_DELIM = 2;
const GEN_DELIM = 4;
const CLASS = new Uint8Array(128);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~') CLASS[c.charCodeAt(0)] = UNRESERVED;
for (const c of "!$&'()*+,;=") CLASS[c.charCodeAt(0)] = SUB_DELIM;
for (const c of ':/?#[]@') CLASS[c.charCodeAt(0)] = GEN_DELIM;

function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

function isAlpha(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Length of the scheme before the first ':' (0 when `s` does not start with a valid scheme). */
export function schemeLength(s: string): number {
  if (s.length === 0 || !isAlpha(s.charCodeAt(0))) return 0;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 58) return i;
    if (!(isAlpha(c) || isDigit(c) || c === 43 || c === 45 || c === 46)) return 0;
  }
  return 0;
}

/**
 * Whether `s[from, to)` uses only pchar-like characters: unreserved, sub-delims, valid `%XX`,
 * plus the characters in `extra`.
 */
function isComponent(s: string, from: number, to: number, extra: string): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c === 37) {
      if (i + 2 >= to) return false;
      if (!isHex(s.charCodeAt(i + 1)) || !isHex(s.charCodeAt(i + 2))) return false;
      i += 2;
      continue;
    }
    if (c >= 128) return false;
    const k = CLASS[c] ?? 0;
    if (k === UNRESERVED || k === SUB_DELIM) continue;
    if (extra.indexOf(s[i] as string) < 0) return false;
  }
  return true;
}

/** Whether `s[from, to)` is an RFC 3986 authority: `[userinfo "@"] host [":" port]`. */
function isAuthority(s: string, from: number, to: number): boolean {
  const at = s.lastIndexOf('@', to - 1);
  let hostStart = from;
  if (at >= from) {
    if (!isComponent(s, from, at, ':')) return false;
    hostStart = at + 1;
  }
  let hostEnd = to;
  if (s.charCodeAt(hostStart) === 91) {
    const close = s.indexOf(']', hostStart);
    if (close < 0 || close >= to) return false;
    // IP-literal: IPv6 address or IPvFuture, checked for its character set only.
    if (!isComponent(s, hostStart + 1, close, ':')) return false;
    hostEnd = close + 1;
    if (hostEnd < to && s.charCodeAt(hostEnd) !== 58) return false;
  } else {
    const colon = s.indexOf(':', hostStart);
    if (colon >= 0 && colon < to) hostEnd = colon;
    if (!isComponent(s, hostStart, hostEnd, '')) return false;
  }
  for (let i = hostEnd + 1; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/**
 * Whether `s` is an RFC 3986 URI with a scheme: `scheme ":" hier-part ["?" query] ["#" fragment]`,
 * written only with the RFC 3986 character set (no spaces, controls or non-ASCII).
 */
export function isAbsoluteUri(s: string): boolean {
  const scheme = schemeLength(s);
  if (scheme === 0) return false;
  let i = scheme + 1;
  const hash = s.indexOf('#', i);
  const end = hash < 0 ? s.length : hash;
  const q = s.indexOf('?', i);
  const pathEnd = q >= 0 && q < end ? q : end;
  if (s.startsWith('//', i)) {
    let authEnd = s.indexOf('/', i + 2);
    if (authEnd < 0 || authEnd > pathEnd) authEnd = pathEnd;
    if (!isAuthority(s, i + 2, authEnd)) return false;
    i = authEnd;
  }
  if (!isComponent(s, i, pathEnd, ':@/')) return false;
  if (pathEnd < end && !isComponent(s, pathEnd + 1, end, ':@/?')) return false;
  if (hash >= 0 && !isComponent(s, hash + 1, s.length, ':@/?')) return false;
  return true;
}

/** The longest URI the course profile takes, in characters (its reference's bound). */
export const COURSE_URI_MAX_LENGTH = 2048;

/** The largest TCP port. */
const MAX_PORT = 65535;

/**
 * Why the course profile refuses an absolute URI that RFC 3986 allows, if it does: longer than
 * 2048 characters, or an authority whose port (the digits after the host's last colon) is beyond
 * 65535, as its reference reads URIs.
 */
export function courseUriLimit(s: string): string | undefined {
  if (s.length > COURSE_URI_MAX_LENGTH) return `${s.length} characters, more than ${COURSE_URI_MAX_LENGTH}`;
  const scheme = schemeLength(s);
  if (scheme === 0 || !s.startsWith('//', scheme + 1)) return undefined;
  const from = scheme + 3;
  const end = s.slice(from).search(/[/?#]/);
  const authority = end < 0 ? s.slice(from) : s.slice(from, from + end);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const close = host.startsWith('[') ? host.indexOf(']') : -1;
  const colon = host.indexOf(':', close + 1);
  const port = colon < 0 ? '' : host.slice(colon + 1);
  if (/^[0-9]+$/.test(port) && Number(port) > MAX_PORT) return `port ${port}, beyond ${MAX_PORT}`;
  return undefined;
}

/** The characters the course profile takes in a URI: the RFC 3986 set, wherever they stand. */
const COURSE_URI_CHARACTERS = /^[A-Za-z0-9:/?#[\]@!$&'()*+,;=._~%-]+$/;

/** Whether `s` is a dotted-quad IPv4 address: four decimal octets up to 255, without leading zeros. */
function isIpv4(s: string): boolean {
  const parts = s.split('.');
  return parts.length === 4 && parts.every((p) => /^(?:0|[1-9][0-9]{0,2})$/.test(p) && Number(p) <= 255);
}

/** Whether `s` is an IPv6 address (RFC 4291 text form, an IPv4 tail and a zone allowed). */
export function isIpv6(s: string): boolean {
  let addr = s;
  const zone = s.indexOf('%');
  if (zone >= 0) {
    const id = s.slice(zone + 1);
    if (id === '' || id.includes('%')) return false;
    addr = s.slice(0, zone);
  }
  const tail = addr.slice(addr.lastIndexOf(':') + 1);
  if (tail.includes('.')) {
    if (!isIpv4(tail) || !addr.includes(':')) return false;
    addr = `${addr.slice(0, addr.length - tail.length)}0:0`;
  }
  const halves = addr.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((h) => (h === '' ? [] : h.split(':')));
  if (!groups.every((g) => /^[0-9A-Fa-f]{1,4}$/.test(g))) return false;
  return halves.length === 2 ? groups.length <= 7 : groups.length === 8;
}

/** The scheme, authority (undefined without `//`) and path of a URI, split where RFC 3986 appendix B splits them. */
function uriParts(s: string): { scheme: string; authority: string | undefined; path: string } | undefined {
  const scheme = schemeLength(s);
  if (scheme === 0) return undefined;
  let rest = s.slice(scheme + 1);
  let authority: string | undefined;
  if (rest.startsWith('//')) {
    const end = rest.slice(2).search(/[/?#]/);
    authority = end < 0 ? rest.slice(2) : rest.slice(2, 2 + end);
    rest = rest.slice(2 + authority.length);
  }
  const pathEnd = rest.search(/[?#]/);
  return { scheme: s.slice(0, scheme), authority, path: pathEnd < 0 ? rest : rest.slice(0, pathEnd) };
}

/**
 * Whether the course profile takes `s` as an absolute URI, as its reference reads one: a scheme,
 * then only characters of the RFC 3986 set (brackets and a second `#` included, wherever they
 * stand), every `%` starting an escape; an authority whose brackets pair and hold an IPv6 or
 * IPvFuture address, and whose port, when written, is digits. (Length and port range:
 * courseUriLimit.)
 */
export function isCourseUri(s: string): boolean {
  if (!COURSE_URI_CHARACTERS.test(s) || /%(?![0-9A-Fa-f]{2})/.test(s)) return false;
  const parts = uriParts(s);
  if (parts === undefined) return false;
  const authority = parts.authority;
  if (authority === undefined) return true;
  const open = authority.includes('[');
  if (open !== authority.includes(']')) return false;
  if (open) {
    const inside = authority.slice(authority.indexOf('[') + 1);
    const host = inside.slice(0, inside.indexOf(']') < 0 ? inside.length : inside.indexOf(']'));
    if (host.startsWith('v') ? !/^v[0-9A-Fa-f]+\..+$/.test(host) : !isIpv6(host)) return false;
  }
  const hostinfo = authority.slice(authority.lastIndexOf('@') + 1);
  let port: string;
  if (hostinfo.includes('[')) {
    const after = hostinfo.slice(hostinfo.indexOf('[') + 1);
    const close = after.indexOf(']');
    const rest = close < 0 ? '' : after.slice(close + 1);
    port = rest.includes(':') ? rest.slice(rest.indexOf(':') + 1) : '';
  } else {
    port = hostinfo.includes(':') ? hostinfo.slice(hostinfo.indexOf(':') + 1) : '';
  }
  return port === '' || /^[0-9]+$/.test(port);
}

/**
 * Whether the course profile takes `s` as a root URI: an absolute URI it takes (isCourseUri) with
 * the file scheme, naming a location (an authority or a path); `file:/srv` is one.
 */
export function isCourseFileUri(s: string): boolean {
  const parts = isCourseUri(s) ? uriParts(s) : undefined;
  return parts !== undefined && parts.scheme.toLowerCase() === 'file' && ((parts.authority ?? '') !== '' || parts.path !== '');
}

/**
 * Whether the course profile takes `s` as a URL-mode elicitation URL: the https scheme (in any
 * case) and a non-empty authority, read as its reference reads a URL (leading spaces and controls
 * dropped, tabs and line breaks removed; nothing else about the URL is examined).
 */
export function isCourseElicitationUrl(s: string): boolean {
  const url = s.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  const colon = url.indexOf(':');
  if (colon <= 0 || !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(url.slice(0, colon)) || url.slice(0, colon).toLowerCase() !== 'https') return false;
  const rest = url.slice(colon + 1);
  if (!rest.startsWith('//')) return false;
  const end = rest.slice(2).search(/[/?#]/);
  return (end < 0 ? rest.slice(2) : rest.slice(2, 2 + end)) !== '';
}

/** Whether `s` is an absolute `file://` URI (RFC 8089 with an authority part, as MCP roots require). */
export function isFileUri(s: string): boolean {
  return schemeLength(s) === 4 && s.slice(0, 7).toLowerCase() === 'file://' && isAbsoluteUri(s);
}

/** Whether `s` is an absolute `https` URL with a non-empty host. */
export function isHttpsUrl(s: string): boolean {
  if (!/^https:\/\/[^/?#@]*@?[^/?#:@]/i.test(s) || schemeLength(s) !== 5) return false;
  if (!isAbsoluteUri(s)) return false;
  const authEnd = s.slice(8).search(/[/?#]/);
  const authority = authEnd < 0 ? s.slice(8) : s.slice(8, 8 + authEnd);
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.length > 0 && !host.startsWith(':');
}

const BASE64 = new Int8Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  .split('')
  .forEach((c, i) => (BASE64[c.charCodeAt(0)] = i));

/** Number of `=` pad characters if `s` is padded RFC 4648 §4 base64, else -1; `canonical` also demands zero pad bits. */
function base64Padding(s: string, canonical: boolean): number {
  const n = s.length;
  if (n % 4 !== 0) return -1;
  let pad = 0;
  if (n > 0 && s.charCodeAt(n - 1) === 61) pad = s.charCodeAt(n - 2) === 61 ? 2 : 1;
  for (let i = 0; i < n - pad; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128 || (BASE64[c] as number) < 0) return -1;
  }
  if (canonical && pad > 0) {
    const last = BASE64[s.charCodeAt(n - pad - 1)] as number;
    if ((last & (pad === 1 ? 0b11 : 0b1111)) !== 0) return -1;
  }
  return pad;
}

/** Whether `s` is canonical padded RFC 4648 §4 base64: alphabet, `=` padding, zero pad bits, no whitespace. */
export function isCanonicalBase64(s: string): boolean {
  return base64Padding(s, true) >= 0;
}

/** Whether `s` is padded RFC 4648 §4 base64, without demanding zero pad bits. */
export function isBase64(s: string): boolean {
  return base64Padding(s, false) >= 0;
}

/** Bytes that the base64 text `s` decodes to (computed from its length and padding). */
export function base64DecodedLength(s: string): number {
  const n = s.length;
  let pad = 0;
  if (n > 0 && s.charCodeAt(n - 1) === 61) pad = n > 1 && s.charCodeAt(n - 2) === 61 ? 2 : 1;
  return Math.max(0, Math.floor((n * 3) / 4) - pad);
}

/** UTF-8 bytes of `s.slice(0, end)`, counting a lone surrogate as the 3 bytes of U+FFFD; allocates nothing. */
export function utf8ByteLength(s: string, end = s.length): number {
  let bytes = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < end) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

const RESTRICTED_NAME = "[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}";
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t\\x20\\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t\\x20-\\x7e])*"';
const MIME = new RegExp(
  `^${RESTRICTED_NAME}/${RESTRICTED_NAME}(?:[ \\t]*;[ \\t]*${RESTRICTED_NAME}=(?:${TOKEN}|${QUOTED}))*$`,
);

/** Whether `s` is an RFC 6838 media type `type/subtype`, with optional `; name=value` parameters. */
export function isMimeType(s: string): boolean {
  return MIME.test(s);
}

/**
 * White space as the course's reference reads it (Python's str.isspace: the ASCII spaces and
 * controls FS, GS, RS and US, NEL, no-break space and the Unicode spaces), as a class body.
 */
const PYTHON_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const COURSE_MIME_TOKEN = "[A-Za-z0-9!#$&^_.+-]+";
const COURSE_MIME = new RegExp(
  `^${COURSE_MIME_TOKEN}/${COURSE_MIME_TOKEN}(?:[${PYTHON_SPACE}]*;[${PYTHON_SPACE}]*[^${PYTHON_SPACE}=;]+=[^${PYTHON_SPACE};]+)*$`,
  'u',
);

/**
 * Whether the course profile takes `s` as a media type, as its reference does: `type/subtype` of
 * its token characters, then parameters, each `;` between optional white space, a name of anything
 * but white space, `=` and `;`, `=`, and a value of anything but white space and `;` (white space
 * in Python's sense, see PYTHON_SPACE).
 */
export function isCourseMimeType(s: string): boolean {
  return COURSE_MIME.test(s);
}

const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[Zz]|[+-](\d{2}):(\d{2})))?$/;

/** Whether `s` is an ISO 8601 date (`2025-01-12`) or RFC 3339 date-time with a zone (`2025-01-12T15:00:58Z`). */
export function isIsoTimestamp(s: string): boolean {
  const m = DATE_TIME.exec(s);
  if (!m) return false;
  const [, y, mo, d, h, mi, sec, oh, om] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(Number(y), month, 0)).getUTCDate();
  if (day > days) return false;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(sec ?? 0) > 60)) return false;
  if (oh !== undefined && (Number(oh) > 23 || Number(om) > 59)) return false;
  return true;
}
