import type { AllowlistEntry } from './allowlist.ts';
import type { Measurement } from './measure.ts';

/** One declared transition and what the cases did with it. */
export interface TransitionCoverage {
  readonly id: string;
  readonly source: string;
  readonly event: string;
  readonly index: number;
  readonly guard: string | null;
  readonly targets: readonly string[];
  readonly rules: readonly string[];
  /** Cases that take the transition, sorted. */
  readonly taken_by: readonly string[];
  /** The allowlist's reason, when the transition is allowlisted. */
  readonly allowlisted: string | null;
  /** Transition ids of the shortest path from the initial state that ends with this one; null if the model cannot reach it. */
  readonly shortest_path: readonly string[] | null;
  /** Cases that follow the whole shortest path, sorted. */
  readonly path_followed_by: readonly string[];
}

/** Path figures: shortest paths enumerated (one per reachable transition) and followed to the end by some case. */
export interface PathFigures {
  readonly enumerated: number;
  readonly followed: number;
}

/** One machine's figures. */
export interface MachineCoverage {
  /** False when no profile the cases ran under runs this machine: its transitions are then no gaps. */
  readonly applicable: boolean;
  readonly declared: number;
  readonly taken: number;
  readonly allowlisted: number;
  /** Declared transitions no case takes (allowlisted ones included), sorted. */
  readonly never_taken: readonly string[];
  /** Never taken and not allowlisted, in an applicable machine, sorted: what the gate fails on. */
  readonly gaps: readonly string[];
  readonly paths: PathFigures & { readonly not_followed: readonly string[] };
  readonly transitions: readonly TransitionCoverage[];
}

/** The report `coverage --json` prints: sorted keys, sorted id lists, no timestamps. */
export interface CoverageReport {
  readonly status: 'ok' | 'gaps';
  readonly case_count: number;
  readonly machines: Readonly<Record<string, MachineCoverage>>;
  /** Over every machine, except `paths`, which counts the applicable ones. */
  readonly total: {
    readonly declared: number;
    readonly taken: number;
    readonly allowlisted: number;
    readonly never_taken: number;
    readonly gaps: number;
    /** Declared transitions of machines no profile here runs. */
    readonly not_applicable: number;
    readonly paths: PathFigures;
  };
  /** The profiles the cases ran under, as `--profile` spells them, sorted. */
  readonly profiles: readonly string[];
  /** Allowlisted transitions some case now takes: the entry should go. */
  readonly stale_allowlist: readonly string[];
  /** Allowlist entries naming no declared transition. */
  readonly unknown_allowlist: readonly string[];
}

const sorted = (xs: Iterable<string>): string[] => [...xs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Builds the report from a measurement and the allowlist. */
export function buildReport(m: Measurement, allowlist: readonly AllowlistEntry[]): CoverageReport {
  const reasons = new Map(allowlist.map((e) => [e.transition, e.reason]));
  const declaredIds = new Set<string>();
  const machines: Record<string, MachineCoverage> = {};
  const stale: string[] = [];
  for (const g of m.graphs) {
    const transitions = g.transitions.map((t): TransitionCoverage => {
      declaredIds.add(t.id);
      const path = g.paths.get(t.id);
      return {
        id: t.id,
        source: t.source,
        event: t.event,
        index: t.index,
        guard: t.guard ?? null,
        targets: t.targets,
        rules: t.rules,
        taken_by: sorted(m.takenBy.get(t.id) ?? []),
        allowlisted: reasons.get(t.id) ?? null,
        shortest_path: path ? path.transitions : null,
        path_followed_by: sorted(m.pathFollowedBy.get(t.id) ?? []),
      };
    });
    const neverTaken = transitions.filter((t) => t.taken_by.length === 0);
    const runsUnder = g.model.runsUnder;
    const applicable = m.profiles.length === 0 || runsUnder === undefined || m.profiles.some((p) => runsUnder(p));
    for (const t of transitions) if (t.allowlisted !== null && t.taken_by.length > 0) stale.push(t.id);
    const withPath = transitions.filter((t) => t.shortest_path !== null);
    machines[g.model.name] = {
      applicable,
      declared: transitions.length,
      taken: transitions.length - neverTaken.length,
      allowlisted: transitions.filter((t) => t.allowlisted !== null).length,
      never_taken: sorted(neverTaken.map((t) => t.id)),
      gaps: applicable ? sorted(neverTaken.filter((t) => t.allowlisted === null).map((t) => t.id)) : [],
      paths: {
        enumerated: withPath.length,
        followed: withPath.filter((t) => t.path_followed_by.length > 0).length,
        not_followed: sorted(withPath.filter((t) => t.path_followed_by.length === 0).map((t) => t.id)),
      },
      transitions,
    };
  }
  const all = Object.values(machines);
  const sum = (f: (c: MachineCoverage) => number, over = all): number => over.reduce((n, c) => n + f(c), 0);
  const applicable = all.filter((c) => c.applicable);
  const gaps = sum((c) => c.gaps.length);
  return {
    status: gaps === 0 ? 'ok' : 'gaps',
    case_count: m.caseCount,
    machines,
    total: {
      declared: sum((c) => c.declared),
      taken: sum((c) => c.taken),
      allowlisted: sum((c) => c.allowlisted),
      never_taken: sum((c) => c.never_taken.length),
      gaps,
      not_applicable: sum((c) => c.declared, all.filter((c) => !c.applicable)),
      paths: { enumerated: sum((c) => c.paths.enumerated, applicable), followed: sum((c) => c.paths.followed, applicable) },
    },
    profiles: sorted(m.profiles.map((p) => p.id)),
    stale_allowlist: sorted(stale),
    unknown_allowlist: sorted(allowlist.map((e) => e.transition).filter((id) => !declaredIds.has(id))),
  };
}

/** Deterministic JSON: object keys sorted at every depth, two-space indent. */
export function stableJson(value: unknown): string {
  const sortKeys = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortKeys);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
    }
    return v;
  };
  return JSON.stringify(sortKeys(value), null, 2);
}
