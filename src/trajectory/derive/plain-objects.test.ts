/**
 * Records, results and requests are made by constructors (`plainConstructor`, ./plain-objects.ts: room for their optional fields);
 * they must stay the plain objects the literals made: Object.prototype, the same keys in the same order.
 */
import { describe, expect, it } from 'vitest'
import type { CallResult } from '../fold/tools'
import { plainConstructor } from './plain-objects'
import { blankRecord, callRecord } from './records'
import { resultView } from './results'

const Pair = plainConstructor(function (this: { first: number; second: string }, first: number) {
  this.first = first
  this.second = 'b'
})
const result = (over: Partial<CallResult>): CallResult => ({ seq: 2, time: 5, content: [{ type: 'text', text: 'out' }], isError: false, call: null, callTime: 1, interrupted: false, ...over })

describe('records and results are plain objects', () => {
  it.each<[string, object, string[]]>([
    ['an object of any plain constructor', new Pair(1), ['first', 'second']],
    ['a blank record', blankRecord('user', 'user:seq:1', 1), ['index', 'id', 'kind', 'requestOnly', 'turn', 'group', 'request', 'seq', 'text', 'labels', 'isError', 'status', 'startedAt', 'duration']],
    [
      'a tool record with its result',
      callRecord('tool', { callId: 'c1', seq: 1, name: 'bash', argsRaw: '{"a":1}', time: 1, result: result({}), subCalls: [] }, { name: 'bash', argsRaw: '{"a":1}' }, 1),
      ['index', 'id', 'kind', 'requestOnly', 'turn', 'group', 'request', 'seq', 'text', 'labels', 'isError', 'status', 'startedAt', 'duration', 'callId', 'toolName', 'preview', 'inputDetail', 'result'],
    ],
    ['a result view', resultView(result({})), ['text', 'labels', 'detail', 'detailLabels', 'blocks', 'isError', 'interrupted', 'preview']],
    ['an error result view', resultView(result({ isError: true, error: { name: 'bash', code: 'E' } })), ['text', 'labels', 'detail', 'detailLabels', 'blocks', 'isError', 'interrupted', 'error']],
  ])('%s', (_name, made, keys) => {
    expect(Object.getPrototypeOf(made)).toBe(Object.prototype)
    expect(made.constructor).toBe(Object)
    expect(Object.keys(made)).toEqual(keys)
    expect(made).toStrictEqual(JSON.parse(JSON.stringify(made)))
  })
})
