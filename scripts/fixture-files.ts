import { existsSync, readdirSync, statSync } from 'node:fs';
import { ruleById } from '../validators/rules/index.ts';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InputError } from '../files/input-error.ts';
import { fixtureRules } from '../validators/rules/fixture.ts';
import type { Fixture } from '../runner/fixture-schema.ts';
import { inputKindOf } from '../runner/input-kind.ts';
import { parseFixture } from '../runner/load-fixture.ts';
import { DEFAULT_MAX_BYTES } from '../validators/strict-json.ts';
import { errnoCode, ReadError } from '../files/io-error.ts';
import { readBounded, readStart } from '../files/read-bounded.ts';
import { looksLikeTrace } from './commands/validate-trace.ts';

/** A fixture file to read, with the label that names it in output (never a local path). */
export interface FixtureFile {
  readonly path: string;
  readonly label: string;
  /** The file as the user typed it (a folder's files: the folder as typed, then the file within). */
  readonly argument: string;
}

/**
 * Expands fixture paths: a file stays itself, a folder gives its files ending in one of
 * `extensions` (default `.json`), sorted, recursively. `shown` says how a path given is named in messages.
 */
export function fixtureFiles(paths: readonly string[], shown: (path: string) => string = (path) => path, extensions: readonly string[] = ['.json']): FixtureFile[] {
  const out: FixtureFile[] = [];
  const walk = (dir: string, prefix: string, typed: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      throw new ReadError(errnoCode(error), typed);
    }
    for (const name of names) {
      const full = join(dir, name);
      const argument = join(typed, name);
      if (isFolder(full, argument)) walk(full, `${prefix}${name}/`, argument);
      else if (extensions.some((e) => name.endsWith(e))) out.push({ path: full, label: `${prefix}${name}`, argument });
    }
  };
  for (const p of paths) {
    if (isFolder(p, shown(p))) walk(p, '', shown(p));
    else out.push({ path: p, label: basename(p), argument: shown(p) });
  }
  return out;
}

function isFolder(path: string, argument: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (error) {
    throw new ReadError(errnoCode(error), argument);
  }
}

/** The bundled fixtures folder, next to the package root. */
export function bundledFixtures(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'fixtures')) && existsSync(join(dir, 'package.json'))) return join(dir, 'fixtures');
    dir = dirname(dir);
  }
  return join(process.cwd(), 'fixtures');
}

/** Reads and checks every fixture file under `paths` (default: the bundled fixtures), sorted, each within the strict reader's size limit. */
export async function loadFixtures(paths: readonly string[]): Promise<{ readonly label: string; readonly fixture: Fixture }[]> {
  const files = paths.length > 0 ? fixtureFiles(paths) : fixtureFiles([bundledFixtures()], () => 'fixtures');
  if (files.length === 0) throw new InputError(ruleById('fixture/empty').id, '', 'no fixture files (*.json) found in the given folder');
  const out: { readonly label: string; readonly fixture: Fixture }[] = [];
  for (const file of files) out.push({ label: file.label, fixture: await readFixture(file) });
  return out;
}

async function readFixture(file: FixtureFile): Promise<Fixture> {
  const bytes = await readBounded(file.path, DEFAULT_MAX_BYTES).catch((error: unknown) => {
    throw error instanceof ReadError ? error.about(file.argument) : error;
  });
  return parseFixture(bytes, file.label);
}

/** Fixtures and transcripts found under the paths given (`coverage`, `inspect`). */
export interface LoadedInputs {
  readonly fixtures: readonly { readonly label: string; readonly fixture: Fixture }[];
  /** Transcript files, read later as streams. */
  readonly transcripts: readonly FixtureFile[];
}

/**
 * Reads every fixture and finds every transcript under `paths` (default: the bundled fixtures): a
 * folder gives its `*.json` and `*.jsonl` files; a `.jsonl` file, or one whose first line is a
 * transcript header or step, is a transcript; anything else is read as a fixture.
 */
export async function loadInputs(paths: readonly string[]): Promise<LoadedInputs> {
  const files = paths.length > 0 ? fixtureFiles(paths, undefined, ['.json', '.jsonl']) : fixtureFiles([bundledFixtures()], () => 'fixtures');
  if (files.length === 0) throw new InputError(ruleById('fixture/empty').id, '', 'no fixture or transcript files (*.json, *.jsonl) found in the given folder');
  const fixtures: { label: string; fixture: Fixture }[] = [];
  const transcripts: FixtureFile[] = [];
  for (const file of files) {
    const start = file.path.endsWith('.jsonl') ? undefined : await readStart(file.path, SNIFF_BYTES).catch((error: unknown) => {
      throw error instanceof ReadError ? error.about(file.argument) : error;
    });
    // A trace is played as the transcript of its message events (see trace/trace-transcript.ts).
    if (start === undefined || inputKindOf(start) === 'transcript' || looksLikeTrace(start)) transcripts.push(file);
    else fixtures.push({ label: file.label, fixture: await readFixture(file) });
  }
  return { fixtures, transcripts };
}

const SNIFF_BYTES = 64 * 1024;
