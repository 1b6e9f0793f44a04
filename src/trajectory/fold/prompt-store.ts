/**
 * Every distinct prompt snapshot `{config, system, tools}` stored once (trajectory.md §4.7: a prompt is
 * inherited until a header changes it). dsh writes the whole tool catalog into every `request/header`, so
 * a long session repeats the same catalog thousands of times: each catalog, config and system text is
 * interned by value (tools and config by their JSON), and a request refers to its prompt by index. Only the
 * first copy of a catalog is kept; the parsed copies of later headers are let go with their events. A header
 * that repeats the last catalog (or config) is matched by a walk (./same-json.ts), without writing its JSON.
 */
import type { PromptSnapshot } from '../model'
import { sameJson } from './same-json'

export interface StoredPrompt extends PromptSnapshot {
  /** Interned ids: equal ids ⇔ equal JSON (tools, config) or equal text (system). */
  toolsId: number
  configId: number
}

class Interner<T> {
  readonly #ids = new Map<string, number>()
  readonly values: T[] = []
  /** The id `internJson` gave last: the next header most often repeats its value. */
  #last = -1

  intern(key: string, value: T): number {
    const known = this.#ids.get(key)
    if (known !== undefined) return known
    const id = this.values.length
    this.#ids.set(key, id)
    this.values.push(value)
    return id
  }

  /** `value` interned by its JSON; a value the same as the last one's (./same-json.ts) skips writing it. */
  internJson(value: T): number {
    const last = this.#last
    if (last !== -1 && sameJson(value, this.values[last])) return last
    this.#last = this.intern(JSON.stringify(value), value)
    return this.#last
  }
}

export class PromptStore {
  readonly #tools = new Interner<unknown[]>()
  readonly #configs = new Interner<unknown>()
  readonly #systems = new Interner<string>()
  readonly #prompts = new Map<string, number>()
  readonly prompts: StoredPrompt[] = []

  /** A header's prompt: `tools` is the logged catalog (anything but an array counts as none). */
  fromHeader(config: unknown, system: string, tools: unknown): number {
    const list = Array.isArray(tools) ? (tools as unknown[]) : []
    const configId = this.#configs.internJson(config ?? null)
    const toolsId = this.#tools.internJson(list)
    return this.#prompt(configId, system, toolsId)
  }

  /** The prompt `id` with another system text (an in-history update or a surface replacement). */
  withSystem(id: number, system: string): number {
    const base = this.get(id)
    return this.#prompt(base.configId, system, base.toolsId)
  }

  get(id: number): StoredPrompt {
    const prompt = this.prompts[id]
    if (prompt === undefined) throw new Error(`PromptStore: no prompt ${id}`)
    return prompt
  }

  #prompt(configId: number, system: string, toolsId: number): number {
    const systemId = this.#systems.intern(system, system)
    const key = `${configId}:${systemId}:${toolsId}`
    const known = this.#prompts.get(key)
    if (known !== undefined) return known
    const id = this.prompts.length
    this.#prompts.set(key, id)
    this.prompts.push({ config: this.#configs.values[configId] ?? null, system: this.#systems.values[systemId] ?? system, tools: this.#tools.values[toolsId] ?? [], toolsId, configId })
    return id
  }
}
