// Why: `rules ID` says where a rule is raised and which fixture cases cite it. From a checkout the
// sources are read; the installed package has none, so scripts/build.mjs runs the same scan and
// bundles its result.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where each rule is raised (`file:line`) and which fixture cases cite it (`file#case`), by rule id. */
export interface RuleSites {
  readonly raised: Readonly<Record<string, readonly string[]>>;
  readonly cases: Readonly<Record<string, readonly string[]>>;
}

/** The folders that hold code raising findings (the registry itself, validators/rules/, is not a raising site). */
export const SOURCE_FOLDERS = ['bench', 'coverage', 'files', 'fuzz', 'inspector', 'judge', 'judging-server', 'lib', 'live', 'machines', 'matrix', 'reports', 'runner', 'scenario', 'scripts', 'trace', 'transcripts', 'validators'] as const;

declare const MCP_STATECHART_RULE_SITES: RuleSites | undefined;

function filesUnder(dir: string, extension: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return filesUnder(path, extension);
      return path.endsWith(extension) ? [path] : [];
    });
}

function add(map: Record<string, string[]>, id: string, site: string): void {
  (map[id] ??= []).push(site);
}

/** Scans the checkout at `root`: every quoted rule id in the sources, every `expect_rule` in fixtures/. */
export function scanRuleSites(root: string, ids: ReadonlySet<string>): RuleSites {
  const raised: Record<string, string[]> = {};
  const cases: Record<string, string[]> = {};
  const shown = (path: string): string => relative(root, path).split(sep).join('/');
  for (const folder of SOURCE_FOLDERS) {
    for (const path of filesUnder(join(root, folder), '.ts')) {
      const file = shown(path);
      if (file.startsWith('validators/rules/')) continue;
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const m of line.matchAll(/'([a-z0-9]+\/[a-z0-9-]+)'/g)) {
            const id = m[1] as string;
            if (ids.has(id)) add(raised, id, `${file}:${i + 1}`);
          }
        });
    }
  }
  for (const path of filesUnder(join(root, 'fixtures'), '.json')) {
    let fixture: unknown;
    try {
      fixture = JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      continue;
    }
    const list = (fixture as { cases?: unknown }).cases;
    if (!Array.isArray(list)) continue;
    for (const c of list as { name?: unknown; expect_rule?: unknown }[]) {
      if (typeof c.expect_rule === 'string' && typeof c.name === 'string') add(cases, c.expect_rule, `${shown(path)}#${c.name}`);
    }
  }
  return { raised, cases };
}

let cached: RuleSites | undefined;

/** The sites: bundled at build time, else scanned from the checkout these sources are in. */
export function ruleSites(ids: ReadonlySet<string>): RuleSites {
  if (typeof MCP_STATECHART_RULE_SITES === 'object') return MCP_STATECHART_RULE_SITES;
  cached ??= scanRuleSites(fileURLToPath(new URL('../', import.meta.url)), ids);
  return cached;
}
