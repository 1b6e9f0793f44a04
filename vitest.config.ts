import { defineConfig } from 'vitest/config'

// One runner for unit, golden and browser tests. Browser tests (Chromium via playwright-core) live in
// test/browser and share the worker pool; they skip themselves with a clear reason when no Chromium exists.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'cli/**/*.test.ts', 'components/**/*.test.tsx', 'snapshots/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
