/**
 * Cordis inspection tools (cards-current.md §10, §11.4): `cordis_inspect_list` (`{providers:[…]}` → one item
 * per provider, summary `{n} inspect providers`), `cordis_inspect_query` (`{provider, method, data}` → the
 * projected `data`, summary `<provider>.<method>`) and `cordis_inspect_self` (`{plugins:[…]}` → plugin items,
 * summary `{n} dynamic plugins`; a single-plugin result → its projection, summary the `pluginId`/`packageId`
 * argument or the result's `mode`). All under the `Recorded result` caption, through ./project.
 */
import { isObject, parseJson } from '../narrow'
import type { DetailTool } from './tool'
import { projectValue, recordedList, scalarText } from './project'
import { detailWords } from './strings'

export const CORDIS_TOOLS: ReadonlyArray<readonly [string, DetailTool]> = [
  ['cordis_inspect_list', {
    title: (_node, locale) => detailWords(locale).titleInspectList,
    card: (text, _args, _node, { locale }) => {
      const value = parseJson(text)
      if (!isObject(value) || !Array.isArray(value.providers)) return null
      return { summary: detailWords(locale).providers(value.providers.length), status: null, body: recordedList(projectValue(value.providers, locale), locale) }
    },
  }],
  ['cordis_inspect_query', {
    title: (_node, locale) => detailWords(locale).titleInspectQuery,
    card: (text, _args, _node, { locale }) => {
      const value = parseJson(text)
      if (!isObject(value) || !('data' in value) || typeof value.provider !== 'string' || typeof value.method !== 'string') return null
      return { summary: `${value.provider}.${value.method}`, status: null, body: recordedList(projectValue(value.data, locale), locale) }
    },
  }],
  ['cordis_inspect_self', {
    title: (_node, locale) => detailWords(locale).titleInspectSelf,
    card: (text, args, _node, { locale }) => {
      const value = parseJson(text)
      if (!isObject(value)) return null
      if (Array.isArray(value.plugins)) {
        return { summary: detailWords(locale).plugins(value.plugins.length), status: null, body: recordedList(projectValue(value.plugins, locale), locale) }
      }
      const summary = args.pluginId ?? args.packageId ?? value.mode
      return { summary: scalarText(summary, locale), status: null, body: recordedList(projectValue(value, locale), locale) }
    },
  }],
]
