import type { Step } from '../machines/session.ts';
import type { JsonObject } from '../validators/context.ts';
import { RULES } from '../validators/rules/index.ts';
import type { DeclaredTransition } from './declared-transitions.ts';
import type { MachineGraph } from './measure.ts';
import { homeOf, type ModelHome } from './models/model.ts';
import type { CoverageReport } from './report.ts';

/** A fixture case skeleton in the fixture format, ready to paste into a file's `cases`. */
export interface SuggestedCase {
  readonly name: string;
  readonly description: string;
  readonly expect: 'pass' | 'fail';
  readonly expect_rule?: string;
  readonly setup?: 'initialize_request_only' | 'none';
  readonly client_capabilities?: JsonObject;
  readonly server_capabilities?: JsonObject;
  readonly steps: readonly Step[];
}

/** Suggested cases that belong in one fixture file: it is judged under `profile`. */
export interface SuggestionGroup {
  readonly fixture: string;
  readonly profile: string;
  readonly cases: readonly SuggestedCase[];
}

function caseName(t: DeclaredTransition): string {
  return `takes_${t.machine}_${t.source}_${t.event}_${t.index}`.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** The case skeleton that walks a transition's shortest path, or undefined when the model cannot reach it (or the basis fixture's profile cannot play it). */
export function suggestCase(graph: MachineGraph, transition: DeclaredTransition): SuggestedCase | undefined {
  const path = graph.paths.get(transition.id);
  if (!path) return undefined;
  const skeleton = graph.model.toCase(path.events);
  if (!skeleton) return undefined;
  // Only an error rejects the message; a warning is reported and the case goes on.
  const rule = transition.rules.find((r) => (RULES.get(r)?.severity ?? 'error') === 'error');
  const rejects = rule !== undefined || transition.actions.includes('reportResultFindings') || transition.actions.includes('reportFindings');
  const warns = transition.rules.filter((r) => r !== rule);
  return {
    name: caseName(transition),
    description: `Takes ${transition.id}${warns.length > 0 ? ` (warns ${warns.join(', ')})` : ''}. TODO: say why this case matters.`,
    expect: rejects ? 'fail' : 'pass',
    ...(rule === undefined ? {} : { expect_rule: rule }),
    ...(skeleton.setup === 'ready' ? {} : { setup: skeleton.setup }),
    ...(skeleton.clientCapabilities ? { client_capabilities: skeleton.clientCapabilities } : {}),
    ...(skeleton.serverCapabilities ? { server_capabilities: skeleton.serverCapabilities } : {}),
    steps: skeleton.steps,
  };
}

/**
 * Skeletons for every gap (never taken, not allowlisted), in report order, grouped by the fixture
 * they belong in: a session extension's machine names its own (its profile runs it), the core
 * machines the `basis` fixture whose policy and peers their payloads come from.
 */
export function suggestCases(graphs: readonly MachineGraph[], report: CoverageReport, basis: ModelHome): SuggestionGroup[] {
  const groups = new Map<string, { fixture: string; profile: string; cases: SuggestedCase[] }>();
  for (const g of graphs) {
    const gaps = new Set(report.machines[g.model.name]?.gaps ?? []);
    for (const t of g.transitions) {
      if (!gaps.has(t.id)) continue;
      const home = homeOf(g.model, t, basis);
      const s = suggestCase(g, t);
      if (!s) continue;
      let group = groups.get(home.fixture);
      if (!group) groups.set(home.fixture, (group = { fixture: home.fixture, profile: home.profile, cases: [] }));
      group.cases.push(s);
    }
  }
  return [...groups.values()];
}
