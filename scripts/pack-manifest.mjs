// Why: a checkout needs the `prepare` script (npm install builds dist/, which git does not hold),
// but a package installed from its tarball needs no script at all, and npm 11 names any it finds
// in an install-scripts warning to whoever installs the tarball. So `npm pack` and `npm publish`
// ship the manifest without `scripts` (and without `allowScripts`, the checkout's own install
// policy): `prepack` builds dist/ and writes that manifest, `postpack` puts the checkout's back.
// The checkout's optional dependencies include what only its tests run (real servers and a
// validator published for one platform, optional so that a clone installs anywhere); the package
// keeps only the optional dependencies the CLI itself loads, so an install never fetches those.
//
//   node scripts/pack-manifest.mjs strip     build dist/, keep package.json aside, drop the fields
//   node scripts/pack-manifest.mjs restore   put the kept package.json back (nothing to do if none)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const MANIFEST = join(ROOT, 'package.json');
/** The checkout's package.json while a pack is running; a leftover means a pack was interrupted. */
const KEPT = join(ROOT, 'package.json.packing');
/** Fields that concern the checkout only. */
const CHECKOUT_ONLY = ['scripts', 'allowScripts'];
/** The optional dependencies the CLI loads (`inspect --stately`); the others serve the checkout's tests. */
const SHIPPED_OPTIONAL = ['@statelyai/inspect', 'ws'];

function restore() {
  if (existsSync(KEPT)) renameSync(KEPT, MANIFEST);
}

function strip() {
  restore();
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const text = readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  for (const field of CHECKOUT_ONLY) delete manifest[field];
  const optional = manifest.optionalDependencies ?? {};
  manifest.optionalDependencies = Object.fromEntries(SHIPPED_OPTIONAL.filter((name) => name in optional).map((name) => [name, optional[name]]));
  writeFileSync(KEPT, text);
  writeFileSync(MANIFEST, JSON.stringify(manifest, null, 2) + '\n');
}

const command = process.argv[2];
if (command === 'strip') strip();
else if (command === 'restore') restore();
else {
  process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n');
  process.exit(2);
}
