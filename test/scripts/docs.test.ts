// Why: the README and the pages under docs/ are what a new user runs first. Every command they
// show must exist with the options shown, every path and link must resolve, every output they
// quote after `$ node dist/cli.js ...` must be what the built CLI prints today, and no count they
// state may drift from what the code produces.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandHelp, programHelp } from '../../scripts/cli/help.ts';
import { COMMANDS } from '../../scripts/commands/index.ts';
import { RULES } from '../../validators/rules/index.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'dist/cli.js');
const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** README.md and every page under docs/, as paths from the root. */
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** The folders of the repository a path the docs show may start with. */
const REPO_PATH = /^(bench|coverage|docs|exercise|fixtures|fuzz|inspector|live|machines|matrix|reports|runner|scripts|test|trace|transcripts|validators)\/[\w./-]*$/;

interface Block {
  readonly page: string;
  readonly lang: string;
  readonly lines: readonly string[];
}

/** The fenced code blocks of a page. */
function blocks(page: string): Block[] {
  const out: Block[] = [];
  let current: { lang: string; lines: string[] } | undefined;
  for (const line of read(page).split('\n')) {
    if (line.startsWith('```')) {
      if (current === undefined) current = { lang: line.slice(3).trim(), lines: [] };
      else {
        out.push({ page, ...current });
        current = undefined;
      }
    } else current?.lines.push(line);
  }
  return out;
}

/** A page's text outside code blocks. */
function prose(page: string): string {
  return read(page).replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's heading anchors of a markdown file (a repeated heading gets -1, -2, ...). */
function anchors(path: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fence = false;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('```')) fence = !fence;
    const m = fence ? null : /^#+ (.*)$/.exec(line);
    if (m === null) continue;
    const slug = (m[1] as string).trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Why a relative link from `from` does not resolve, or undefined. */
function brokenLink(from: string, target: string): string | undefined {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const path = file === '' ? join(ROOT, from) : resolve(dirname(join(ROOT, from)), file);
  if (!existsSync(path)) return `no file ${relative(ROOT, path)}`;
  if (anchor !== undefined && path.endsWith('.md') && !anchors(path).has(anchor)) return `no heading #${anchor} in ${relative(ROOT, path)}`;
  return undefined;
}

/** Splits a shell line into words (single and double quotes; a `#` word starts a comment). */
function words(line: string): string[] {
  const out: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) {
    if (m[3]?.startsWith('#')) break;
    out.push(m[1] ?? m[2] ?? (m[3] as string));
  }
  return out;
}

const PREFIXES = [['node', 'dist/cli.js'], ['mcp-statechart'], ['npx', 'mcp-statechart'], ['npx', '-y', 'mcp-statechart'], ['npx', '--yes', 'mcp-statechart']];

/** The CLI arguments of a shown command line, or undefined when the line runs something else. */
function cliArgs(line: string): string[] | undefined {
  const w = words(line.replace(/^\$ /, ''));
  for (const p of PREFIXES) if (p.every((x, i) => w[i] === x)) return w.slice(p.length);
  return undefined;
}

/** Every command line the pages show: `$ ...` lines of text blocks, every line of shell blocks. */
function shownCommands(): { page: string; line: string; args: string[] }[] {
  return PAGES.flatMap((page) =>
    blocks(page).flatMap((b) =>
      b.lines.flatMap((line) => {
        if (!line.startsWith('$ ') && !['sh', 'bash', 'console'].includes(b.lang)) return [];
        const args = cliArgs(line);
        return args === undefined ? [] : [{ page, line, args }];
      }),
    ),
  );
}

test('the README opens with the set-up commands and stays short', () => {
  const readme = read('README.md');
  assert.ok(readme.startsWith('# mcp-statechart\n\n```sh\nnpm install && npm start\nnpm test\n```\n'), 'the two set-up commands come first');
  const lines = readme.split('\n').length;
  assert.ok(lines <= 300, `README.md has ${lines} lines`);
});

test('the README shows the program help, docs/cli.md the help of the program and of every command, as the CLI prints them today', () => {
  const cli = read('docs/cli.md');
  const program = `$ mcp-statechart --help\n${programHelp(COMMANDS)}\n\`\`\``;
  assert.ok(read('README.md').includes(program), 'the program help in README.md');
  assert.ok(cli.includes(program), 'the program help in docs/cli.md');
  for (const spec of COMMANDS) {
    assert.ok(cli.includes(`$ mcp-statechart ${spec.name} --help\n${commandHelp(spec)}\n\`\`\``), `${spec.name} --help is missing or out of date in docs/cli.md`);
  }
});

test('every command the pages show exists and takes the options shown', () => {
  const shown = shownCommands();
  assert.ok(shown.length >= 20, `${shown.length} command lines`);
  const problems: string[] = [];
  for (const { page, line, args } of shown) {
    const [name, ...rest] = args;
    if (name === '--help' || name === '-h' || name === '--version') continue;
    const spec = COMMANDS.find((c) => c.name === name);
    if (spec === undefined) {
      problems.push(`${page}: ${line}: no command ${name}`);
      continue;
    }
    const end = rest.indexOf('--');
    for (const word of end < 0 ? rest : rest.slice(0, end)) {
      if (!word.startsWith('--')) continue;
      const option = word.slice(2).split('=')[0] as string;
      if (option !== 'help' && !(option in spec.options)) problems.push(`${page}: ${line}: ${name} has no option --${option}`);
    }
  }
  assert.equal(problems, []);
});

test('every path the pages show, and every path in the commands they show, exists', () => {
  const missing: string[] = [];
  for (const page of PAGES) {
    for (const m of prose(page).matchAll(/`([^`\s]+)`/g)) {
      const path = (m[1] as string).replace(/[:#].*$/, '');
      if (REPO_PATH.test(path) && !RULES.has(path) && !existsSync(join(ROOT, path))) missing.push(`${page}: ${path}`);
    }
  }
  for (const { page, args } of shownCommands()) {
    for (const word of args) if (REPO_PATH.test(word) && !existsSync(join(ROOT, word))) missing.push(`${page}: ${word}`);
  }
  assert.equal(missing, []);
});

test('every relative link of the pages resolves to a file and heading', () => {
  const broken: string[] = [];
  for (const page of PAGES) {
    for (const m of prose(page).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1] as string;
      if (/^[a-z]+:/.test(target)) continue;
      const why = brokenLink(page, target);
      if (why !== undefined) broken.push(`${page}: (${target}) ${why}`);
    }
  }
  assert.equal(broken, []);
  for (const page of PAGES.filter((p) => p !== 'README.md' && p !== 'docs/course-reference.md')) {
    assert.ok(read('README.md').includes(`](${page})`), `README.md links ${page}`);
  }
});

test('every link of the rule registry into the docs resolves to a page and heading', () => {
  let checked = 0;
  for (const rule of RULES.values()) {
    if (/^https?:\/\//.test(rule.spec)) continue;
    assert.ok(rule.spec.startsWith('docs/'), `${rule.id} links ${rule.spec}`);
    assert.is(brokenLink('README.md', rule.spec), undefined, `${rule.id}: ${rule.spec}`);
    checked++;
  }
  assert.ok(checked > 0);
});

/** The output a page quotes after each `$ node dist/cli.js ...` line of a text block. */
function quotedRuns(): { page: string; args: string[]; lines: string[] }[] {
  const out: { page: string; args: string[]; lines: string[] }[] = [];
  for (const page of PAGES) {
    for (const b of blocks(page)) {
      if (b.lang !== 'text') continue;
      let current: { page: string; args: string[]; lines: string[] } | undefined;
      for (const line of b.lines) {
        if (line.startsWith('$ ')) {
          const args = line.startsWith('$ node dist/cli.js ') || line === '$ node dist/cli.js' ? cliArgs(line) : undefined;
          current = args === undefined ? undefined : { page, args, lines: [] };
          if (current !== undefined) out.push(current);
        } else current?.lines.push(line);
      }
    }
  }
  return out;
}

/** Whether every file a command line names exists here, so the run can be repeated. */
function runnable(args: readonly string[]): boolean {
  return args.every((a) => a.startsWith('-') || !/[./]/.test(a) || /^[a-z]+\/[a-z0-9-]+$/.test(a) || existsSync(join(ROOT, a)));
}

test('the output the pages quote is what the built CLI prints (the lines shown, in order)', () => {
  const runs = quotedRuns().filter((r) => !r.args.includes('--help') && runnable(r.args));
  assert.ok(runs.length >= 8, `${runs.length} runs`);
  const cache = new Map<string, string>();
  for (const r of runs) {
    const key = JSON.stringify(r.args);
    if (!cache.has(key)) {
      const p = spawnSync(process.execPath, [CLI, ...r.args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
      cache.set(key, `${p.stdout}${p.stderr}`);
    }
    const actual = (cache.get(key) as string).split('\n');
    let at = 0;
    for (const line of r.lines) {
      // A raising site is quoted without its line number (`file.ts:…`), which moves with every edit.
      const elided = line.endsWith(':…') ? line.slice(0, -1) : undefined;
      const found = elided === undefined ? actual.indexOf(line, at) : actual.findIndex((l, i) => i >= at && l.startsWith(elided) && /^\d+$/.test(l.slice(elided.length)));
      assert.ok(found >= 0, `${r.page}: node dist/cli.js ${r.args.join(' ')}\nquoted: ${line}\nprinted:\n${actual.join('\n')}`);
      at = found + 1;
    }
  }
});

function fixtureCases(dir: string): number {
  return readdirSync(dir).reduce((n, name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return n + fixtureCases(path);
    return name.endsWith('.json') ? n + ((JSON.parse(readFileSync(path, 'utf8')) as { cases?: unknown[] }).cases?.length ?? 0) : n;
  }, 0);
}

test('the case counts the pages state are the bundled fixtures and the course fixture as they are', () => {
  const bundled = fixtureCases(join(ROOT, 'fixtures'));
  const course = (JSON.parse(readFileSync(join(ROOT, '../shared/course/mcp-cases.json'), 'utf8')) as { cases: unknown[] }).cases.length;
  const counts = new Set([bundled, course]);
  const stated = PAGES.filter((p) => p !== 'docs/course-reference.md').flatMap((page) =>
    [...read(page).matchAll(/\b(\d[\d,]*) cases\b/g)].map((m) => ({ page, n: Number((m[1] as string).replace(/,/g, '')) })),
  );
  assert.ok(stated.some((s) => s.n === bundled), `the bundled ${bundled} cases are stated somewhere`);
  assert.equal(stated.filter((s) => !counts.has(s.n)).map((s) => `${s.page}: ${s.n} cases`), []);
});

test.run();
