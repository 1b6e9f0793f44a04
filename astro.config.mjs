// Astro runs only when the package is built (architecture.md §2.11; src/site/README.md says why): it renders
// src/pages/ — the page shell every generated page is spliced into, and a card gallery for review — into
// dist/site/. `dsh-view build` never starts Astro; it reads dist/site/shell.html and renders pages with React
// directly. CSS-module names follow the same rule as the esbuild bundle so the gallery and the run-time pages
// share one stylesheet.
import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import { scopedClassName } from './scripts/css-modules.mjs'

export default defineConfig({
  outDir: './dist/site',
  // Pages are files (shell.html), never folders, and a page's CSS is inlined: dist/site must open from file://.
  build: { format: 'file', inlineStylesheets: 'always' },
  // Keep the markup as written: the shell's slot comments must survive.
  compressHTML: false,
  devToolbar: { enabled: false },
  integrations: [react()],
  vite: {
    css: { modules: { generateScopedName: scopedClassName } },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  },
})
