export declare const LIVE_SCRIPT_ENTRY: string
export declare const LIVE_STYLE_ENTRY: string
export declare function buildLiveAssets(options?: { outdir?: string }): Promise<{ js: string; css: string }>
