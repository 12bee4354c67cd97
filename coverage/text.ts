import type { CoverageReport } from './report.ts';

const SHOWN_CASES = 3;

function percent(part: number, whole: number): string {
  return whole === 0 ? '100%' : `${((100 * part) / whole).toFixed(1)}%`;
}

function cases(names: readonly string[]): string {
  if (names.length === 0) return '';
  const shown = names.slice(0, SHOWN_CASES).join(', ');
  return names.length > SHOWN_CASES ? `${shown} +${names.length - SHOWN_CASES} more` : shown;
}

/**
 * People's view: per machine a figures line, then every transition marked `+` taken (with the
 * cases that take it), `~` allowlisted or `-` a gap (a machine no profile here runs: one line saying
 * so); stale allowlist entries; one totals line last.
 */
export function formatCoverageText(report: CoverageReport): string {
  const lines: string[] = [];
  const profiles = report.profiles.join(', ');
  for (const [name, c] of Object.entries(report.machines)) {
    if (!c.applicable) {
      lines.push(`${name}: not applicable (${c.declared} declared): no profile judged here runs it (${profiles})`);
      continue;
    }
    lines.push(`${name}: ${c.declared} declared, ${c.taken} taken, ${c.allowlisted} allowlisted, ${c.never_taken.length} never taken; shortest paths followed ${c.paths.followed}/${c.paths.enumerated}`);
    for (const t of c.transitions) {
      if (t.taken_by.length > 0) lines.push(`  + ${t.id}  (${t.taken_by.length}: ${cases(t.taken_by)})`);
      else if (t.allowlisted !== null) lines.push(`  ~ ${t.id}  (allowlisted: ${t.allowlisted})`);
      else lines.push(`  - ${t.id}  (never taken${t.shortest_path ? `; shortest path ${t.shortest_path.length} step${t.shortest_path.length === 1 ? '' : 's'}, see --suggest` : '; unreachable in the model'})`);
    }
  }
  for (const id of report.stale_allowlist) lines.push(`stale allowlist entry (a case takes it now): ${id}`);
  for (const id of report.unknown_allowlist) lines.push(`allowlist entry names no declared transition: ${id}`);
  const t = report.total;
  const applicable = t.declared - t.not_applicable;
  const notApplicable = t.not_applicable === 0 ? '' : `; ${t.not_applicable} not applicable`;
  lines.push(`${report.status}: ${t.taken}/${applicable} transitions taken (${percent(t.taken, applicable)}), ${t.allowlisted} allowlisted, ${t.gaps} gaps; ${t.paths.followed}/${t.paths.enumerated} shortest paths followed; ${report.case_count} case${report.case_count === 1 ? '' : 's'}${notApplicable}`);
  return lines.join('\n');
}
