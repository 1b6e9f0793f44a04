import type { BuildOptions } from 'esbuild'
export declare function cliBundleOptions(o: { root: string; version: string; buildId: string }): BuildOptions
