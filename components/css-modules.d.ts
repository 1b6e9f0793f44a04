/**
 * Types for CSS-module imports (`import styles from './X.module.css'`). Every pipeline names a class by the
 * shared short-name rule (scripts/css-modules.mjs); a class is a string or, for a name the sheet lacks,
 * undefined — which React drops from `className`.
 */
declare module '*.module.css' {
  const classes: { readonly [name: string]: string }
  export default classes
}
