import type { Plugin } from 'esbuild'
export declare const MODULE_FILE: RegExp
export declare const STYLE_DIRS: string[]
export declare function moduleStem(filename: string): string
export declare function styleFiles(root?: string): string[]
export declare function shortNames(keys: Iterable<string>, reserved?: Set<string>): Map<string, string>
export declare function renameModuleCss(css: string, rename?: (local: string) => string, file?: string): { css: string; locals: string[] }
export declare function classNameTable(root?: string): Map<string, string>
export declare function scopedClassName(local: string, filename: string): string
export declare function cssModulesPlugin(options?: { css?: boolean }): Plugin
