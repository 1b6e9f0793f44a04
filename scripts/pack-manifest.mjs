// The package.json that is published (`npm pack` / `npm publish`, run as `prepack` and `postpack`):
// the checkout's, without `scripts.prepare` (nor the pack hooks, whose scripts/ folder is not published).
// `prepare` builds dist/ on `npm ci` in a checkout; in the
// published package dist/ is already built, and a `prepare` there is a script npm 11 flags on install (and
// runs for a git or folder install, where it needs the devDependencies a user does not have).
//   node scripts/pack-manifest.mjs strip     saves package.json beside itself and drops `scripts.prepare`
//   node scripts/pack-manifest.mjs restore   puts the saved package.json back, byte for byte
// A pack killed between the two leaves the saved copy; the next `strip` restores it first, so the checkout's
// package.json is never lost.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const file = 'package.json'
const saved = '.package.json.packing'

/** Scripts for the checkout only. */
const CHECKOUT_ONLY = ['prepare', 'prepack', 'postpack']

/** The published manifest's text: the checkout's without the checkout's lifecycle scripts (nor an empty `scripts`). */
export function publishedManifest(text) {
  const pkg = JSON.parse(text)
  if (pkg.scripts !== undefined) {
    for (const name of CHECKOUT_ONLY) delete pkg.scripts[name]
    if (Object.keys(pkg.scripts).length === 0) delete pkg.scripts
  }
  return `${JSON.stringify(pkg, null, 2)}\n`
}

function restore() {
  if (existsSync(saved)) renameSync(saved, file)
}

const command = process.argv[2]
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (command === 'strip') {
    restore()
    const text = readFileSync(file, 'utf8')
    writeFileSync(saved, text)
    writeFileSync(file, publishedManifest(text))
  } else if (command === 'restore') restore()
  else {
    process.stderr.write('usage: node scripts/pack-manifest.mjs strip|restore\n')
    process.exit(2)
  }
}
