import { defineConfig } from 'vitest/config'
import { scopedClassName } from './scripts/css-modules.mjs'

// One runner for unit, golden and browser tests. Browser tests (Chromium via playwright-core) live in
// test/browser and share the worker pool; they skip themselves with a clear reason when no Chromium exists.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // CSS modules get the same class names as the package build's esbuild bundle (scripts/css-modules.mjs).
  css: { modules: { generateScopedName: scopedClassName } },
  test: {
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'scoped' } },
    include: ['src/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'components/**/*.test.tsx', 'snapshots/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
