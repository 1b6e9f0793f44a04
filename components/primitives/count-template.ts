/**
 * Count templates the page scripts fill (the index filter, the find box, cross-session search): the site's
 * strings are built once with placeholders for numbers only the browser knows. `{name}` is the number;
 * `{name|one|other}` is `one` when it is 1 and `other` otherwise, so English reads `1 session`, `2 sessions`
 * (issue 28: dsh-view's own strings speak correct English; Chinese needs no form and uses plain `{name}`).
 * Unknown names stay as written.
 */
export function fillCount(template: string, values: Readonly<Record<string, number>>): string {
  return template.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (whole, name: string, one: string | undefined, other: string | undefined) => {
    if (!Object.hasOwn(values, name)) return whole
    const n = values[name] as number
    return one === undefined ? String(n) : n === 1 ? one : (other ?? '')
  })
}
