// Why: colour helps on a terminal and corrupts files and CI logs, so it is on only for a TTY (or
// when FORCE_COLOR asks), and NO_COLOR (https://no-color.org) always turns it off.

/** Whether output to a stream may use colour: NO_COLOR wins, then FORCE_COLOR, then whether it is a colour terminal. */
export function colorEnabled(stream: { isTTY?: boolean; hasColors?: () => boolean }, env: NodeJS.ProcessEnv): boolean {
  if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined) return force !== '0' && force !== 'false';
  if (stream.isTTY !== true) return false;
  return typeof stream.hasColors === 'function' ? stream.hasColors() : true;
}

/** The few styles the text output uses; each wraps text in ANSI codes when colour is on. */
export interface Style {
  readonly error: (text: string) => string;
  readonly warning: (text: string) => string;
  readonly ok: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly bold: (text: string) => string;
}

const paint = (open: string, close: string) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

/** The styles for colour on or off. */
export function styleFor(color: boolean): Style {
  return color
    ? { error: paint('1;31', '22;39'), warning: paint('33', '39'), ok: paint('32', '39'), dim: paint('2', '22'), bold: paint('1', '22') }
    : { error: plain, warning: plain, ok: plain, dim: plain, bold: plain };
}
