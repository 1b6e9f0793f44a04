/**
 * Types for CSS-module imports (`import styles from './X.module.css'`). The site build bundles them with
 * esbuild's local-css loader and vitest returns stable hashed names; either way a class is a string or, for a
 * name the sheet lacks, undefined — which React drops from `className`.
 */
declare module '*.module.css' {
  const classes: { readonly [name: string]: string }
  export default classes
}
