/** AUTH sanitising and failure shapes (trajectory.md §4.9). */
import { describe, expect, it } from 'vitest'
import { displayFailure } from './failure'

describe('displayFailure', () => {
  it.each<[string, unknown, ReturnType<typeof displayFailure>]>([
    ['message and code', { message: 'upstream 503', code: 'SERVER' }, { message: 'upstream 503', code: 'SERVER' }],
    ['AUTH blanks the message (it may echo a credential)', { message: 'bad key sk-abc…', code: 'AUTH' }, { message: '', code: 'AUTH' }],
    ['no code', { message: 'boom' }, { message: 'boom' }],
    ['no message: its JSON', { code: 'X', detail: 1 }, { message: '{"code":"X","detail":1}', code: 'X' }],
    ['a string', 'plain failure', { message: 'plain failure' }],
    ['a number', 42, { message: '42' }],
    ['null', null, { message: 'null' }],
  ])('%s', (_name, failure, want) => {
    expect(displayFailure(failure)).toEqual(want)
  })
})
