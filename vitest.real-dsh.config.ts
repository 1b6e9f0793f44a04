import { defineConfig } from 'vitest/config'
import { scopedClassName } from './scripts/css-modules.mjs'

// `npm run test:real-dsh`: live mode against the real dsh (test/real-dsh). Not part of `npm test`: it needs
// a one-time install of the dsh package (../shared/tools/real-dsh/README.md) and runs for minutes. Same CSS
// module naming as vitest.config.ts (the live pages are compared with static builds).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  css: { modules: { generateScopedName: scopedClassName } },
  test: {
    css: { include: [/\.module\.css$/], modules: { classNameStrategy: 'scoped' } },
    include: ['test/real-dsh/**/*.real.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
})
