/**
 * Times from a log that no date can show (issue 32 point 3): dsh writes epoch milliseconds as safe integers,
 * but a Date holds only ±8.64e15 ms (100,000,000 days either side of 1970), so a time above that — still a
 * safe integer, so a valid envelope — made `new Date(t).toISOString()` throw in `inspect` and durations of
 * billions of hours on pages. Every log time passes `knownTime` where the reader turns it into an event's
 * time (or a header's `createdAt`): out of range, it is unknown (null), as a stripped log's times are, and
 * every surface shows it as such.
 */

/** The largest |ms| a Date holds (ECMA-262 §21.4.1.1). */
export const MAX_DATE_MS = 8.64e15

/** `t` when a Date can hold it, else null. */
export function knownTime(t: number | null): number | null {
  return t === null || t > MAX_DATE_MS || t < -MAX_DATE_MS ? null : t
}
