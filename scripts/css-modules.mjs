// One CSS-module naming rule for every pipeline (architecture.md §2.11): esbuild's local-css loader names a
// class `<file stem>_<class>` (CopyButton.module.css + .button → CopyButton_button) and cannot be told
// otherwise, so Vite (vitest, astro build) is configured with this function to produce the same names. The
// server HTML, the site stylesheet and the test renders then agree. esbuild numbers a stem it has seen
// twice, so stems must be unique and plain; test/repo/css-modules.test.ts enforces both.
import { basename } from 'node:path'

/** File names esbuild and this function name identically. */
export const MODULE_FILE = /^[A-Za-z][A-Za-z0-9]*\.module\.css$/

/** Vite's `css.modules.generateScopedName`. */
export function scopedClassName(local, filename) {
  const file = basename(filename.split('?')[0])
  return `${file.slice(0, file.indexOf('.'))}_${local}`
}
