// Why: scenario files are written by people, in JSON or YAML (the same structure), and rewritten
// by --update-snapshots. A file is read bounded and strictly (duplicate keys, non-finite numbers
// and YAML aliases past a small bound are errors with their place); a rewrite changes the steps'
// `expect` members alone and keeps the file's language: YAML stays YAML, comments and all.
import { writeFile } from 'node:fs/promises';
import { parseDocument, type Document } from 'yaml';
import { InputError } from '../files/input-error.ts';
import { errnoCode, ReadError, WriteError } from '../files/io-error.ts';
import { readBounded } from '../files/read-bounded.ts';
import { parseStrictJson, StrictJsonError } from '../validators/strict-json.ts';
import { ruleById } from '../validators/rules/index.ts';
import { readScenario, type Expectation, type Scenario } from './scenario-format.ts';

/** The largest scenario file read, in bytes. */
export const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;

/** A scenario file as read: its scenario, its language, and what a rewrite needs. */
export interface ScenarioFile {
  /** The path as the user gave it (never printed). */
  readonly path: string;
  /** The argument as printed: the file's base name. */
  readonly label: string;
  readonly format: 'json' | 'yaml';
  readonly scenario: Scenario;
  /** The parsed JSON document, or the YAML document (its comments and styles kept). */
  readonly document: unknown;
}

/** Whether a path names a YAML file (`.yaml`, `.yml`); anything else is read as JSON. */
export function isYamlPath(path: string): boolean {
  return /\.ya?ml$/i.test(path);
}

function invalid(pointer: string, problem: string): InputError {
  return new InputError(ruleById('cli/scenario-invalid').id, pointer, `scenario: ${problem}${pointer === '' ? '' : ` (at ${pointer})`}`);
}

/** Parses a scenario file's text in its language; throws an InputError (cli/scenario-invalid) naming where it is wrong. */
export function parseScenarioText(text: string, format: 'json' | 'yaml'): { scenario: Scenario; document: unknown } {
  if (format === 'json') {
    let value: unknown;
    try {
      value = parseStrictJson(text);
    } catch (error) {
      if (!(error instanceof StrictJsonError)) throw error;
      throw invalid(error.pointer, `not strict JSON: ${error.message} [${error.rule}]`);
    }
    return { scenario: readScenario(value), document: value };
  }
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const problem = document.errors[0];
  if (problem !== undefined) {
    const line = problem.linePos?.[0];
    throw invalid('', `not YAML${line === undefined ? '' : ` (line ${line.line}, column ${line.col})`}: ${problem.message.split('\n')[0]}`);
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    throw invalid('', `not YAML this reader takes: ${error.message.split('\n')[0]}`);
  }
  return { scenario: readScenario(value), document };
}

/** Reads one scenario file (JSON, or YAML by its extension). */
export async function readScenarioFile(path: string): Promise<ScenarioFile> {
  const label = path.split(/[\\/]/).pop() ?? path;
  let bytes: Uint8Array;
  try {
    bytes = await readBounded(path, MAX_SCENARIO_BYTES);
  } catch (error) {
    if (error instanceof ReadError) throw error.about(`--scenario ${label}`);
    if (error instanceof StrictJsonError) throw invalid('', `the file is larger than ${MAX_SCENARIO_BYTES} bytes`);
    throw error;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('', 'the file is not UTF-8');
  }
  const format = isYamlPath(path) ? 'yaml' : 'json';
  const parsed = parseScenarioText(text, format);
  return { path, label, format, ...parsed };
}

/** The file's text with each step's `expect` replaced by the snapshot given for it (by step index), the rest as it was. */
export function snapshotText(file: Pick<ScenarioFile, 'format' | 'document'>, snapshots: ReadonlyMap<number, Expectation>): string {
  if (file.format === 'yaml') {
    const doc = (file.document as Document).clone();
    for (const [index, expect] of snapshots) doc.setIn(['steps', index, 'expect'], doc.createNode(expect));
    return doc.toString();
  }
  const document = structuredClone(file.document) as { steps: Record<string, unknown>[] };
  for (const [index, expect] of snapshots) {
    const step = document.steps[index];
    if (step !== undefined) step['expect'] = expect;
  }
  return JSON.stringify(document, null, 2) + '\n';
}

/** Writes the snapshots into the file (its mode kept). */
export async function writeSnapshots(file: ScenarioFile, snapshots: ReadonlyMap<number, Expectation>): Promise<void> {
  try {
    await writeFile(file.path, snapshotText(file, snapshots));
  } catch (error) {
    throw new WriteError(errnoCode(error), `--scenario ${file.label}`);
  }
}
