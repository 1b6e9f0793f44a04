#!/usr/bin/env node
// Thin launcher: the CLI is bundled into dist/ by `npm run build` (run automatically by `npm ci`).
import { existsSync } from 'node:fs'

const entry = new URL('../dist/cli.mjs', import.meta.url)
if (!existsSync(entry)) {
  process.stderr.write('dsh-view: the package is not built yet.\n  Run `npm run build` in the dsh-view checkout.\n')
  process.exit(1)
}
await import(entry.href)
