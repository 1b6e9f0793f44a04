/**
 * Runs the static build in tests: the real pipeline (src/site/build-site.ts) with the test assets, a quiet
 * progress sink, and no access to the user's home (env and homedir are fixed).
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildSite, type BuildOptions, type BuildReport } from '../../src/site/build-site'
import { createProgress } from '../../src/site/progress'
import { testSiteAssets } from './site-assets'

export const tempDir = (prefix = 'dv-site-') => mkdtempSync(join(tmpdir(), prefix))

export async function buildInto(inputs: string[], outDir: string, options: Partial<BuildOptions> = {}): Promise<BuildReport> {
  return buildSite(
    {
      inputs,
      outDir,
      title: null,
      baseUrl: null,
      locale: 'en',
      env: {},
      homedir: '/nonexistent-home',
      assets: await testSiteAssets(),
      ...options,
    },
    createProgress({ write: () => {}, tty: false, quiet: true }),
  )
}
