export declare const MODULE_FILE: RegExp
export declare function scopedClassName(local: string, filename: string): string
