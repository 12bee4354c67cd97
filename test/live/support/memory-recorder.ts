// Why: the transport tests need a Recorder that judges what it records with the real Session,
// as the live check's recorder does, without files or redaction: events and findings are kept in
// memory for the test to inspect.
import { Session } from '../../../machines/session.ts';
import { sessionConfigFor } from '../../../transcripts/transcript-header.ts';
import type { TraceEvent, TraceFinding } from '../../../trace/trace-schema.ts';
import type { Direction } from '../../../validators/context.ts';
import { RULES } from '../../../validators/rules/index.ts';
import type { RuleSpec } from '../../../validators/rules/rule.ts';
import { parseStrictJson, StrictJsonError } from '../../../validators/strict-json.ts';
import type { RecordedMessage, Recorder, WirePlace } from '../../../live/transport.ts';

/** A Recorder that keeps the run in memory and feeds every message to one Session. */
export class MemoryRecorder implements Recorder {
  readonly events: TraceEvent[] = [];
  readonly findings: TraceFinding[] = [];
  #session: Session | undefined;

  message(direction: Direction, text: string, place: WirePlace = {}): RecordedMessage {
    let parsed: unknown;
    try {
      parsed = parseStrictJson(text);
    } catch (error) {
      if (!(error instanceof StrictJsonError)) throw error;
      const index = this.events.push({ kind: 'message', direction, text, ...place }) - 1;
      this.finding(RULES.get(error.rule) as RuleSpec, index, '/text', error.message);
      return { index, message: undefined };
    }
    const index = this.events.push({ kind: 'message', direction, message: parsed, ...place }) - 1;
    const step = { direction, message: parsed };
    this.#session ??= new Session(sessionConfigFor(undefined, step));
    for (const f of this.#session.feed(step)) {
      this.findings.push({ rule: f.rule, severity: f.severity, event: index, pointer: f.pointer, message: f.message });
    }
    return { index, message: parsed };
  }

  event(event: Exclude<TraceEvent, { kind: 'message' }>): number {
    return this.events.push(event) - 1;
  }

  finding(rule: RuleSpec, event: number | null, pointer: string, message: string): void {
    this.findings.push({ rule: rule.id, severity: rule.severity, event, pointer, message });
  }

  /** The rule ids found, in order. */
  rules(): string[] {
    return this.findings.map((f) => f.rule);
  }

  /** Findings of error severity. */
  errors(): TraceFinding[] {
    return this.findings.filter((f) => f.severity === 'error');
  }
}
