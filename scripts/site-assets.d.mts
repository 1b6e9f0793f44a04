export declare function buildSiteAssets(options?: { outdir?: string }): Promise<{ css: string; js: string }>
