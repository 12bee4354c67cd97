import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { valuePositions } from '../../reports/json-positions.ts';
import { artifactUri, helpUri, SARIF_SCHEMA } from '../../reports/sarif-report.ts';
import { renderAll, tempDir } from './support.ts';
import { cleanTrace, errorTrace, failingTrace, hostileTrace, traceText } from './traces.ts';

const tmp = tempDir('sarif');
test.after(() => tmp.remove());

interface Log {
  $schema: string;
  version: string;
  runs: {
    tool: { driver: { name: string; version: string; rules: { id: string; helpUri?: string; defaultConfiguration?: { level: string } }[] } };
    invocations: { executionSuccessful: boolean }[];
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      suppressions?: unknown[];
      locations: { physicalLocation?: { artifactLocation: { uri: string }; region: { startLine: number; startColumn?: number } }; logicalLocations: { fullyQualifiedName: string }[] }[];
    }[];
  }[];
}

/** The official validator, as the npm package ships it for linux-x64 (a self-contained .NET binary). */
function multitool(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  const path = createRequire(import.meta.url)('@microsoft/sarif-multitool-linux') as string;
  assert.ok(existsSync(path), `the SARIF Multitool binary is missing at ${path} (npm ci installs it)`);
  return path;
}

/**
 * Validates SARIF files in one run of the validator, with the SARIF 2.1.0 rules and GitHub code
 * scanning's; returns each file's problems.
 */
async function validate(paths: readonly string[]): Promise<Map<string, string[]>> {
  const tool = multitool()!;
  const out = join(tmp.dir, 'validation.sarif');
  try {
    await promisify(execFile)(tool, ['validate', ...paths, '--output', out, '--log', 'ForceOverwrite', '--rule-kind', 'Sarif;Gh'], {
      // Invariant globalization: the .NET runtime then needs no ICU library on the machine.
      timeout: 240_000, env: { ...process.env, DOTNET_CLI_TELEMETRY_OPTOUT: '1', DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    });
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string };
    if (!existsSync(out)) throw new Error(`the validator failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  }
  type Problem = { ruleId: string; level?: string; message: { text?: string; arguments?: string[] }; locations?: { physicalLocation?: { artifactLocation?: { uri?: string } } }[] };
  const log = JSON.parse(readFileSync(out, 'utf8')) as { runs: { results?: Problem[] }[] };
  const found = new Map<string, string[]>(paths.map((p) => [p, []]));
  for (const r of log.runs[0]?.results ?? []) {
    const uri = r.locations?.[0]?.physicalLocation?.artifactLocation?.uri ?? '';
    const file = paths.find((p) => uri === pathToFileURL(p).href) ?? uri;
    const list = found.get(file) ?? [];
    list.push(`${r.level ?? 'warning'} ${r.ruleId}: ${r.message.text ?? (r.message.arguments ?? []).join(', ')}`);
    found.set(file, list);
  }
  return found;
}

/** The SARIF 2.1.0 JSON schema the validator ships with, compiled by ajv (read in place). */
function schemaValidator(): (value: unknown) => string[] {
  const require = createRequire(import.meta.url);
  const schemaPath = join(dirname(require.resolve('@microsoft/sarif-multitool-linux')), 'sarif-2.1.0.json');
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const check = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')) as object);
  return (value) => (check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));
}

test('results carry rule ids, levels, messages; rules carry spec links as helpUri; locations point at the trace file lines', async () => {
  const trace = failingTrace();
  const text = traceText(trace);
  const tracePath = join(tmp.dir, 'trace.json');
  writeFileSync(tracePath, text);
  const r = await renderAll(tmp.dir, trace, { traceFile: 'artifacts/trace.json', traceText: text });
  const log = JSON.parse(r.sarif) as Log;
  assert.is(log.version, '2.1.0');
  assert.is(log.$schema, SARIF_SCHEMA);
  const run = log.runs[0]!;
  assert.is(run.tool.driver.name, 'mcp-statechart');
  assert.is(run.tool.driver.version, '0.1.0');
  assert.equal(run.results.map((x) => [x.ruleId, x.level]), [['tools/duplicate-name', 'error'], ['tools/name-format', 'warning'], ['envelope/id-type', 'error']]);
  for (const result of run.results) assert.is(run.tool.driver.rules[result.ruleIndex]!.id, result.ruleId);
  const rule = run.tool.driver.rules.find((x) => x.id === 'tools/duplicate-name')!;
  assert.is(rule.helpUri, 'https://modelcontextprotocol.io/specification/2025-11-25/server/tools');
  assert.is(rule.defaultConfiguration!.level, 'error');
  const lines = text.split('\n');
  const first = run.results[0]!.locations[0]!;
  assert.is(first.physicalLocation!.artifactLocation.uri, 'artifacts/trace.json');
  const { startLine, startColumn } = first.physicalLocation!.region;
  assert.is(lines[startLine - 1]!.slice(startColumn! - 1), '"echo"', 'the region starts at the value the pointer names');
  assert.is(first.logicalLocations[0]!.fullyQualifiedName, '/events/7/message/result/tools/1/name');
  const onEvent = run.results[2]!.locations[0]!.physicalLocation!.region;
  assert.is(lines[onEvent.startLine - 1]!.trim(), '{', 'a finding on a whole event points at the event');
  assert.ok(lines.slice(onEvent.startLine).join('\n').trimStart().startsWith('"exchange": 4'));
  assert.match(run.results[0]!.message.text, /event 7: tools\/list, server to client, at \/message\/result\/tools\/1\/name/);
  assert.ok(run.invocations[0]!.executionSuccessful);
});

test('a run that could not complete: executionSuccessful false with the reason', async () => {
  const log = JSON.parse((await renderAll(tmp.dir, errorTrace())).sarif) as Log & { runs: { invocations: { toolExecutionNotifications: { message: { text: string } }[] }[] }[] };
  assert.is(log.runs[0]!.invocations[0]!.executionSuccessful, false);
  assert.is(log.runs[0]!.invocations[0]!.toolExecutionNotifications[0]!.message.text, 'the server exited (code 1) before answering initialize');
});

test('artifact URIs are relative references: what the user typed, an absolute path cut to its file name', () => {
  assert.is(artifactUri('artifacts/trace.json'), 'artifacts/trace.json');
  assert.is(artifactUri('./a/../b/trace file.json'), 'b/trace%20file.json');
  assert.is(artifactUri('/home/someone/private/trace.json'), 'trace.json');
  assert.is(artifactUri('C:\\Users\\x\\trace.json'), 'trace.json');
});

test('help URIs drop a text fragment directive, which URI parsers refuse; other links are kept whole', () => {
  const base = 'https://modelcontextprotocol.io/specification/2025-11-25/basic/transports';
  assert.is(helpUri(`${base}#:~:text=JSON%2DRPC%20messages%20MUST%20be%20UTF%2D8%20encoded`), base);
  assert.is(helpUri(`${base}#error-handling:~:text=Invalid%20cursors`), `${base}#error-handling`);
  assert.is(helpUri(`${base}#stdio`), `${base}#stdio`);
});

test('valuePositions: lines and columns of values, escaped keys, nothing for pointers that do not resolve', () => {
  const text = '{\n  "a~b": [1, {"c/d": "x\\"y"}],\r\n  "e": {"f": true}\n}';
  const found = valuePositions(text, ['/a~0b/1/c~1d', '/e/f', '/a~0b/5', '/zz', '']);
  assert.equal(Object.fromEntries(found), { '': { line: 1, column: 1 }, '/a~0b/1/c~1d': { line: 2, column: 22 }, '/e/f': { line: 3, column: 14 } });
  assert.equal(valuePositions('{"a": [1, 2', ['/a/1', '/a/5']).get('/a/1'), { line: 1, column: 11 });
});

const tool = multitool();
if (tool === undefined) {
  test('SARIF validator available', () => {
    console.warn(`skipping the SARIF schema validation: the official validator ships for linux-x64, this is ${process.platform}-${process.arch}`);
  });
} else {
  test('every report validates against SARIF 2.1.0 and GitHub code scanning rules (official SARIF Multitool, and ajv with its schema)', async () => {
    const text = traceText(failingTrace());
    const cases = [
      ['clean', await renderAll(tmp.dir, cleanTrace(), { traceFile: 'trace.json', traceText: traceText(cleanTrace()) })],
      ['failing', await renderAll(tmp.dir, failingTrace(), { traceFile: 'trace.json', traceText: text })],
      ['error', await renderAll(tmp.dir, errorTrace(), { traceFile: 'trace.json', traceText: traceText(errorTrace()) })],
      ['hostile', await renderAll(tmp.dir, hostileTrace(), { traceFile: 'trace.json' })],
      ['no trace file', await renderAll(tmp.dir, failingTrace())],
      ['expected and stale', await renderAll(tmp.dir, failingTrace(), {
        traceFile: 'trace.json', traceText: text,
        expected: JSON.stringify([{ rule: 'tools/duplicate-name', reason: 'known' }, { rule: 'tools/descriptor', reason: 'gone' }], null, 2),
      })],
    ] as const;
    const bad = join(tmp.dir, 'bad.sarif');
    const badLog = { version: '2.1.0', runs: [{ tool: { driver: {} }, results: [{ ruleId: 'a/b', level: 'fatal' }] }] };
    writeFileSync(bad, JSON.stringify(badLog));
    const problems = await validate([...cases.map(([, r]) => r.paths.sarif), bad]);
    const schema = schemaValidator();
    for (const [name, r] of cases) {
      const own = problems.get(r.paths.sarif) ?? [];
      if (name === 'no trace file') assert.ok(own.every((p) => /GH1001|GH1005|GH1003/.test(p)), `${name}: only GitHub's wish for a file location\n${own.join('\n')}`);
      else assert.equal(own, [], `${name}: the validator found problems`);
      assert.equal(schema(JSON.parse(r.sarif)), [], `${name}: the schema refuses it`);
    }
    assert.ok((problems.get(bad) ?? []).some((p) => p.includes('JSON1019')), `the validator is no rubber stamp: ${(problems.get(bad) ?? []).join('; ')}`);
    assert.ok(schema(badLog).length > 0, 'nor is the schema');
    const log = JSON.parse(cases[5][1].sarif) as Log;
    assert.is(log.runs[0]!.results.filter((x) => x.suppressions).length, 1);
  });
}

test.run();
