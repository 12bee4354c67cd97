// Why: whether `npm install` of the project works on another platform is decided by npm's own
// resolver before it downloads anything. This runs that step (Arborist's buildIdealTree, from the
// lock file, offline) as if the machine were `os`-`cpu`, and prints one JSON line: ok, or npm's
// error code and the package it refused.
//
//   node npm-ideal-tree.cjs ARBORIST_ENTRY PROJECT_DIR OS CPU
const [arborist, dir, os, cpu] = process.argv.slice(2);
Object.defineProperty(process, 'platform', { value: os });
Object.defineProperty(process, 'arch', { value: cpu });
const Arborist = require(arborist);
new Arborist({ path: dir, offline: true, audit: false }).buildIdealTree().then(
  (tree) => {
    const skipped = [...tree.inventory.values()].filter((node) => node.inert).map((node) => node.packageName).sort();
    process.stdout.write(JSON.stringify({ ok: true, skipped }) + '\n');
  },
  (error) => process.stdout.write(JSON.stringify({ ok: false, code: error.code ?? String(error), package: error.pkgid ?? null }) + '\n'),
);
