import type { AnyStateMachine, ContextFrom, EventFromLogic, InputFrom, InspectionEvent } from 'xstate';
import type { RunnerSnapshot } from './flat-machine.ts';
import { runMachine, type MachineRunner } from './runner.ts';
import { hasError, type Finding } from '../validators/finding.ts';
import { RULES } from '../validators/rules/index.ts';
import type { IssueEvent } from './issue.ts';
import { NO_FINDINGS } from '../validators/shape.ts';

/** The finding an issue event stands for, with its rule's severity. */
export function issueFinding(e: IssueEvent): Finding {
  return { rule: e.rule, severity: RULES.get(e.rule)?.severity ?? 'error', pointer: e.pointer ?? '/message', message: e.message };
}

function isIssue(value: unknown): value is IssueEvent {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'issue';
}

/**
 * An actor whose events are judged before they are taken, for the session's extension hooks:
 * `check` tells what an event would raise without taking it, so a message that another check
 * rejects changes no state; `send` takes it. A rejecting transition is targetless and assigns
 * nothing, so `check` takes it at once (the coverage inspection sees it) and state stays as is.
 */
export class GatedActor<M extends AnyStateMachine> {
  readonly #runner: MachineRunner<M>;
  #raised: IssueEvent[] = [];

  constructor(machine: M, input: InputFrom<M>, inspect?: (event: InspectionEvent) => void) {
    // A flat table when the machine allows it and nobody inspects; an xstate actor otherwise.
    this.#runner = runMachine(machine, input, inspect);
    (this.#runner as unknown as { on(type: 'issue', handler: (e: unknown) => void): void }).on('issue', (e: unknown) => {
      if (isIssue(e)) this.#raised.push(e);
    });
    this.#runner.start();
  }

  /** The machine's current snapshot (value, context and `matches`). */
  get snapshot(): RunnerSnapshot<ContextFrom<M>> {
    return this.#runner.getSnapshot();
  }

  /** The findings `event` would raise, without taking it. */
  judge(event: EventFromLogic<M>): readonly Finding[] {
    const out: Finding[] = [];
    for (const e of this.#runner.judge(event).emitted as readonly unknown[]) if (isIssue(e)) out.push(issueFinding(e));
    return out.length === 0 ? NO_FINDINGS : out;
  }

  /** Judges `event`; when it is rejected, takes its (state-preserving) rejecting transition too. */
  check(event: EventFromLogic<M>): readonly Finding[] {
    const found = this.judge(event);
    if (hasError(found)) this.send(event);
    return found;
  }

  /**
   * As `check`, and whether taking `event` later would change nothing (no state, no context, no
   * finding), so its `send` may be skipped; an inspected actor always says it would change
   * something, so every event it is meant to take reaches it (coverage counts its transitions).
   */
  checkTaking(event: EventFromLogic<M>): { readonly findings: readonly Finding[]; readonly unchanged: boolean } {
    const judged = this.#runner.judge(event);
    let findings: Finding[] | undefined;
    for (const e of judged.emitted as readonly unknown[]) if (isIssue(e)) (findings ??= []).push(issueFinding(e));
    if (findings !== undefined && hasError(findings)) this.send(event);
    return { findings: findings ?? NO_FINDINGS, unchanged: judged.unchanged };
  }

  /** Takes `event` and returns the findings it raised. */
  send(event: EventFromLogic<M>): readonly Finding[] {
    this.#raised = [];
    this.#runner.send(event);
    const raised = this.#raised;
    this.#raised = [];
    return raised.length === 0 ? NO_FINDINGS : raised.map(issueFinding);
  }

  stop(): void {
    this.#runner.stop();
  }
}

/**
 * The state changes a message's checks deferred until the session accepts it: `hold` starts
 * over for a new message (one that was rejected is dropped), `commit` applies them when the
 * session accepts that same message.
 */
export class DeferredCommits {
  #owner: object | undefined;
  #changes: (() => void)[] = [];

  /** Starts collecting for `owner` (the call or pending request being checked). */
  hold(owner: object): void {
    this.#owner = owner;
    this.#changes = [];
  }

  /** Defers one change until `owner` is accepted. */
  add(change: () => void): void {
    this.#changes.push(change);
  }

  /** Applies the changes held for `owner`, if it is the message they were held for. */
  commit(owner: object): void {
    if (this.#owner !== owner) return;
    const changes = this.#changes;
    this.#owner = undefined;
    this.#changes = [];
    for (const change of changes) change();
  }
}
