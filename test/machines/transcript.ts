import { createActor, type AnyStateMachine } from 'xstate';

/** Runs events through a fresh actor and records, after each, the state value and the rules emitted. */
export function transcript(machine: AnyStateMachine, input: unknown, events: readonly object[]): { state: string; rules: string[] }[] {
  const actor = createActor(machine, { input });
  let rules: string[] = [];
  actor.on('issue', (e: { rule: string }) => rules.push(e.rule));
  actor.on('result.invalid', (e: { findings: { rule: string }[] }) => rules.push(...e.findings.map((f) => f.rule)));
  actor.start();
  const out: { state: string; rules: string[] }[] = [];
  for (const e of events) {
    rules = [];
    actor.send(e as never);
    out.push({ state: JSON.stringify(actor.getSnapshot().value), rules });
  }
  actor.stop();
  return out;
}
