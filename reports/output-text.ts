// Why: a trace carries whatever a server sent: lone surrogates, control characters, megabytes in
// one string. Every report passes its text through here, so each format gets well-formed Unicode,
// visible control characters where the format cannot carry them, and bounded strings.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 controls but tab, line feed and carriage return; DEL and the C1 controls; the noncharacters XML refuses.
const INVISIBLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/** Replaces every unpaired surrogate with U+FFFD, so the text encodes as UTF-8 and parses as I-JSON. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

/** Shows control characters as `\uXXXX` text, for formats that cannot carry them (XML) or would hide them (HTML). */
export function visibleControls(text: string): string {
  return text.replace(INVISIBLE, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
}

/** Cuts a string to `max` UTF-16 code units (never inside a surrogate pair), saying how much was left out. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = cutAt(text, max);
  return `${text.slice(0, end)}… (${text.length - end} more characters)`;
}

/** Cuts a string to at most `max` UTF-16 code units, ending in `…` when cut: for labels. */
export function ellipsis(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, cutAt(text, max - 1))}…`;
}

function cutAt(text: string, max: number): number {
  const last = text.charCodeAt(max - 1);
  return last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
}

/** The longest finding message a report prints, in UTF-16 code units. */
export const MAX_MESSAGE_CHARS = 2000;

// What a terminal would act on rather than show: bidirectional overrides and isolates (they reorder
// what follows), the line and paragraph separators, and the invisible marks that hide a reordering.
const TERMINAL_HIDDEN = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029]/g;

/** Text for a terminal: every control character (ESC, C0, C1), bidirectional override and line separator shown as `\uXXXX` text. */
export function terminalText(text: string): string {
  return visibleControls(text).replace(TERMINAL_HIDDEN, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'));
}

/** Text for one line of terminal output: line breaks and tabs as spaces, control characters (escape sequences), bidirectional overrides and separators visible. */
export function oneLine(text: string): string {
  return terminalText(text.replace(/\r\n|[\r\n\t]/g, ' '));
}
