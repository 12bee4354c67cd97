// Why: a tap's findings go to stderr as they happen, numbered as the trace numbers them, bounded
// per rule, and with cascades folded as validate folds them, so a client that never sends
// notifications/initialized shows one cause, not one line per request.
import { cascadeCauseIn, HandshakeTracker, TRACE_WORDS, type HandshakePlaces } from '../../judge/cascade.ts';
import type { TapFinding } from '../../live/tap-recorder.ts';
import { CascadeText } from '../../reports/renderers/cascade-text.ts';
import { FindingText } from '../../reports/renderers/finding-text.ts';
import { styleFor } from '../../reports/renderers/style.ts';
import type { Redactor } from '../../trace/redaction.ts';
import type { Direction } from '../../validators/context.ts';
import { RULES } from '../../validators/rules/index.ts';
import type { CommandIO } from '../cli/command.ts';

/** Findings of one rule printed on stderr; later ones are counted (the trace has them). */
export const MAX_PRINTED_PER_RULE = 100;

/** Messages whose place in the handshake is remembered (the session holds at most 1024 waiting for the initialize answer). */
const REMEMBERED_HANDSHAKE = 4096;

/**
 * Where a finding rests, numbered as its trace numbers it: `event 13` is `/events/13` of the trace
 * (and the `event` of the finding in it and in the JSON report); a message past the trace's bound
 * has no event there, so it is named by its number in the session; `run`: the session as a whole.
 */
export function tapPlace(f: Pick<TapFinding, 'event' | 'message_number'>): string {
  if (f.event !== null) return `event ${f.event}`;
  return f.message_number === null ? 'run' : `message ${f.message_number} (not kept in the trace)`;
}

/** What prints findings on stderr while the tap runs. */
export interface FindingPrinter {
  /** Told each message (kept ones with their event) before the findings on it, to follow the handshake. */
  message(message: unknown, direction: Direction, event: number | null): void;
  /** Prints one finding as it is placed. */
  finding(f: TapFinding): void;
  /** Prints the cascades' counting lines, before the closing line. */
  end(): void;
}

/**
 * Prints findings on stderr as they are placed: one line each (redacted), at most
 * MAX_PRINTED_PER_RULE per rule; a cascade (findings one missing message repeats: no
 * notifications/initialized, an initialize never answered) as validate prints one: its first
 * finding with the cause, the rest counted at the end.
 */
export function findingPrinter(io: CommandIO, redactor: Redactor, quiet: boolean): FindingPrinter {
  const text = new FindingText(styleFor(false), RULES);
  const write = (line: string): void => io.err(redactor.text(line));
  const cascades = new CascadeText(text, write, 'event', 'mcp-statechart tap: ');
  const handshake = new HandshakeTracker();
  // The session judges the messages that wait for the initialize answer only once it came, so a
  // finding is placed in the handshake as it stood after its own message: kept for the first ones.
  const after = new Map<number, { lifecycle: string; places: HandshakePlaces }>();
  const remember = (event: number): void => {
    if (after.size < REMEMBERED_HANDSHAKE || after.has(event)) after.set(event, { lifecycle: handshake.lifecycle, places: handshake.places });
  };
  const printed = new Map<string, number>();
  return {
    message(message, direction, event) {
      if (event === null) return;
      handshake.message(event, direction, message);
      remember(event);
    },
    finding(f) {
      if (f.severity === 'error' && f.event !== null) {
        handshake.rejected(f.event);
        if (after.has(f.event)) remember(f.event);
      }
      if (quiet) return;
      const at = (f.event === null ? undefined : after.get(f.event)) ?? handshake;
      const cause = cascadeCauseIn(TRACE_WORDS, f.rule, at.lifecycle, at.places);
      const n = (printed.get(f.rule) ?? 0) + 1;
      if (n > MAX_PRINTED_PER_RULE) return;
      const side = f.direction === null ? '' : f.direction === 'client_to_server' ? ' (client)' : ' (server)';
      const shown = cascades.finding({
        place: `mcp-statechart tap: ${tapPlace(f)}${side}`,
        at: f.event,
        severity: f.severity,
        rule: f.rule,
        pointer: f.pointer,
        message: f.message,
        method: f.method ?? undefined,
        cause,
      });
      if (!shown) return;
      printed.set(f.rule, n);
      if (n === MAX_PRINTED_PER_RULE) write(`${text.note(`further ${f.rule} findings are counted, not printed`)}\n`);
    },
    end() {
      if (!quiet) cascades.end();
    },
  };
}

