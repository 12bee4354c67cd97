// Why: some packages the tests use are published for one platform (a Linux x64 binary of a real
// server, the SARIF validator's native build). They are optional dependencies, so that `npm
// install` works everywhere; npm skips them where their `os`, `cpu` or `engines` fields exclude
// the machine. A test that needs one runs where npm installs it, says why it does not run where npm
// skips it, and fails where npm should have installed it and it is missing (a broken install).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** One package entry of package-lock.json: the fields that decide whether npm installs it here. */
export interface LockEntry {
  readonly version?: string;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly libc?: readonly string[];
  readonly engines?: Readonly<Record<string, string>>;
  readonly optional?: boolean;
  readonly dev?: boolean;
  readonly devOptional?: boolean;
}

/** The lock file's `packages` map, keyed by install path (`node_modules/name`; `""` is the project). */
export type LockPackages = Readonly<Record<string, LockEntry>>;

/** The machine a package is judged against: what npm reads from the running process. */
export interface Machine {
  readonly os: string;
  readonly cpu: string;
  readonly node: string;
}

/** The running machine. */
export const HERE: Machine = { os: process.platform, cpu: process.arch, node: process.versions.node };

/** The project's lock file packages. */
export function lockPackages(root = ROOT): LockPackages {
  return (JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: LockPackages }).packages;
}

/** Whether npm's list (`os`, `cpu`: names, or `!name` exclusions) admits `value`. */
function admits(list: readonly string[] | undefined, value: string): boolean {
  if (list === undefined || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const allowed = list.filter((x) => !x.startsWith('!'));
  return allowed.length === 0 || allowed.includes(value);
}

/** Whether `node` meets a `>=X[.Y[.Z]]` range (the form these packages use); other ranges are taken as met. */
function meetsNode(range: string | undefined, node: string): boolean {
  const floor = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range ?? '');
  if (floor === null) return true;
  const have = node.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const want = Number(floor[i + 1] ?? 0);
    const got = have[i] ?? 0;
    if (got !== want) return got > want;
  }
  return true;
}

/** Why npm skips the entry on `machine` as an optional dependency, or undefined when it installs it there. */
export function skippedBecause(entry: LockEntry, machine: Machine = HERE): string | undefined {
  const reasons: string[] = [];
  if (!admits(entry.os, machine.os)) reasons.push(`os ${entry.os!.join(', ')}`);
  if (!admits(entry.cpu, machine.cpu)) reasons.push(`cpu ${entry.cpu!.join(', ')}`);
  if (!meetsNode(entry.engines?.['node'], machine.node)) reasons.push(`Node ${entry.engines!['node']!}`);
  if (reasons.length === 0) return undefined;
  return `it is published for ${reasons.join(' and ')}; this is ${machine.os} ${machine.cpu}, Node ${machine.node}`;
}

/** Whether a platform-bound optional package can be used here, and if not, why. */
export type PlatformPackage =
  | { readonly usable: true }
  | { readonly usable: false; readonly skip: string }
  | { readonly usable: false; readonly missing: string };

/**
 * Whether the optional package `name` can be used: its file `file` (a path inside node_modules)
 * is there; else the reason npm skipped it here; else (npm should have installed it) what is missing.
 */
export function platformPackage(name: string, file: string, packages: LockPackages = lockPackages(), machine: Machine = HERE): PlatformPackage {
  if (existsSync(join(ROOT, 'node_modules', file))) return { usable: true };
  const entry = packages[`node_modules/${name}`];
  if (entry === undefined) return { usable: false, missing: `${name} is not in package-lock.json` };
  const why = skippedBecause(entry, machine);
  if (why !== undefined) return { usable: false, skip: `${name} ${entry.version ?? ''} is an optional dependency npm skips here: ${why}` };
  return { usable: false, missing: `${name} ${entry.version ?? ''} should be installed here (npm ci installs it), but node_modules/${file} is missing` };
}

/** The lock file entries npm would refuse to install off their platform: restricted by os, cpu or libc, yet reached by a path that is not optional. */
export function platformBoundRequired(packages: LockPackages): string[] {
  return Object.entries(packages)
    .filter(([path, entry]) => path !== '' && (entry.os !== undefined || entry.cpu !== undefined || entry.libc !== undefined) && entry.optional !== true)
    .map(([path]) => path.replace(/^(.*\/)?node_modules\//, ''))
    .sort();
}
