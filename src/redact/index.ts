/**
 * Redaction (issue 7 "--redact", users.md complaint 5): known token formats, secret-named assignments, user
 * rules and allowlists, applied to text, to JSON-like values and to reader batches before anything is
 * written; plus the report of what was replaced. Pure: no Node, no DOM (file reading and the `--check`
 * walk live in ./node). README.md in this folder documents the rules and the config file.
 *
 * For a writer of output (build, export):
 *   const redactor = new Redactor(config)            // config: DEFAULT_CONFIG or parseRedactConfig(…)
 *   builder.append(redactor.lines(batch, logPath))   // every batch, before folding
 *   conversation = redactor.value(builder.snapshot(), { session: logPath, line: null })  // joined stream text
 *   io.stderr(formatRedactionReport(redactor.report()))
 */
export { parseRedactConfig, RedactConfigError } from './config'
export { DeepRedactor, redactValue, type OnFinding } from './deep'
export { htmlToText } from './html-text'
export { EMPTY_REPORT, mergeReports, Redactor, MAX_PLACES, type RedactionPlace, type RedactionReport, type Where } from './redactor'
export { formatRedactionReport, masked, ruleCounts } from './report'
export { BUILT_IN_NAMES, BUILT_IN_RULES, type Rule } from './rules'
export { applyFindings, DEFAULT_CONFIG, findSecrets, HASH_ALLOWLIST, marker, redactText, type RedactConfig, type TextFinding } from './scan'
export { isSecretName, isSecretValue } from './values'
