/**
 * Sessions for the locale scan (test/site/locale-scan.test.ts) whose *content* holds no Latin letter and no
 * CJK character — only Cyrillic, Greek, digits and punctuation — so every Latin word on a Chinese page and every
 * CJK character on an English page is chrome, not content. What a log cannot spell otherwise stays Latin: tool
 * wire names, argument and `meta` keys, enum values (`in_progress`, `paths`), event types; the scan allows the
 * log's own words for that reason. The parent exercises every row and card kind dsh-view draws: a system
 * prompt, images, an unknown content block, terminal (failed, signal, no output, background, pwsh,
 * terminal_send), read (partial window over the cap), write and edit diffs (over the diff cap), grep and
 * glob (truncated, windowed, empty), web search and fetch (truncated, empty), to-dos, a question, a skill,
 * run_code with sub-calls, an unknown tool, a failed call, a running call, a slash command, retries, a failed
 * attempt, compaction, a replaced range, an unknown event, an unreadable line, an interrupted answer and a
 * failed turn. A subagent child and a long session (several pages) sit beside it.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { reasoning, session, text, toolCallBlock, type SessionBuilder } from '../../src/log/testing/session'
import { tempDir } from './build'

export const SCAN_PARENT = '10000000-0000-4000-8000-000000000001'
export const SCAN_CHILD = '10000000-0000-4000-8000-000000000002'
export const SCAN_LONG = '10000000-0000-4000-8000-000000000003'
const CWD = '/дом/проект'
const PROJECT = '--дом-проект--'

/** A content word: Cyrillic with a number, never Latin or CJK. */
const w = (n: number) => `слово ${n}`
const lines = (count: number, prefix = 'строка') => Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`).join('\n')
const source = { kind: 'model', provider: 'поставщик', model: 'модель-4' }

/** An assistant message with this builder's clock and our own model name (the builder's is Latin). */
function answer(s: SessionBuilder, content: Parameters<SessionBuilder['assistant']>[0], interrupted?: boolean) {
  const blocks = typeof content === 'string' ? [text(content)] : content
  const data = { turn: s.turn, step: s.step, message: { id: `msg-${s.nextSeq}`, role: 'assistant', content: blocks, source },
    usage: { inputTokens: 1200, outputTokens: 345, reasoningTokens: 12, cacheReadTokens: 800 }, ...(interrupted === undefined ? {} : { interrupted }) }
  return s.push('assistant/message', data, { surfaceOp: 'append' })
}

/**
 * A step calling `name` with `args`: the assistant message, the `tool/call` event and its result. With a
 * `null` result the call is still running and the step stays open. (One message per step, as dsh writes:
 * a later message of the same step would replace the earlier one.)
 */
function tool(s: SessionBuilder, id: string, name: string, args: unknown, result: string | null, options: Parameters<SessionBuilder['result']>[2] = {}) {
  s.stepStart()
  answer(s, [toolCallBlock(id, name, args)])
  s.call(name, args, id)
  if (result === null) return
  s.result(id, result, options)
  s.stepEnd()
}

function parent(): { jsonl: string } {
  const s = session({ id: SCAN_PARENT, cwd: CWD, version: 4 })
  s.push('session/title', { title: 'Проверка локали' })
  s.push('request/context', { provider: 'поставщик', model: 'модель-4', contextWindow: 128000 })

  // Turn 1: every card.
  s.push('system/message', { message: { content: [text('Системная подсказка: 1')] } })
  s.turnStart()
  s.user([text('Сделай всё, пожалуйста.'), { type: 'image', attachment: { attachmentId: 'к1', mediaType: 'изображение/пнг', name: 'снимок', width: 2, height: 2 } }])
  s.user('Контекст среды: 42', { kind: 'plugin', plugin: 'модуль' })
  s.stepStart()
  answer(s, [reasoning('**Думаю** о задаче\nдальше'), text('# Заголовок\n\n- пункт 1\n- пункт 2\n\n`код` и [ссылка](https://пример.рф/)'),
    { type: 'загадка', поле: 1 }, { type: 'image', attachment: { attachmentId: 'к2', mediaType: 'изображение/пнг' } }])
  s.stepEnd()
  tool(s, 'c-bash', 'bash', { command: 'эхо 1 && выход 2', description: 'Проверить вывод' }, `${lines(30, 'вывод')}\n[exit code: 2]`)
  tool(s, 'c-bash-sig', 'bash', { command: 'спать 9' }, 'частично\n[killed by signal: SIGTERM]')
  tool(s, 'c-bash-empty', 'bash', { command: 'тихо', description: 'Ничего' }, '')
  tool(s, 'c-bash-bg', 'bash', { command: 'фон', description: 'Фоновая', run_in_background: true }, 'Запущено: 7')
  tool(s, 'c-pwsh', 'pwsh', { command: 'Получить-Дату' }, '2026')
  tool(s, 'c-send', 'terminal_send', { sessionId: 'т1', text: 'ввод' }, 'принято')
  tool(s, 'c-send-empty', 'terminal_send', { sessionId: 'т1', text: '' }, 'принято')
  const readLines = Array.from({ length: 12 }, (_, i) => ({ number: i + 5, text: `строка ${i + 5}` }))
  tool(s, 'c-read', 'read', { file_path: `${CWD}/файл.ts`, offset: 5, limit: 12 },
    `<path>${CWD}/файл.ts</path>\n<type>file</type>\n<content>\n${readLines.map(l => `${l.number}: ${l.text}`).join('\n')}\n</content>`,
    { meta: { path: `${CWD}/файл.ts`, offset: 5, lines: readLines, totalLines: 40, lang: 'ts' } })
  tool(s, 'c-write', 'write', { file_path: `${CWD}/новый.md`, content: lines(14) }, 'Создано', { meta: { diffs: [] } })
  tool(s, 'c-edit', 'edit', { file_path: `${CWD}/файл.ts`, old_string: 'старое 1\nстарое 2', new_string: 'новое 1\nновое 2' }, 'Обновлено', {
    meta: { diffs: [
      { path: `${CWD}/файл.ts`, oldText: 'α\nстарое 1\nстарое 2\nω', newText: 'α\nновое 1\nновое 2\nω' },
      { path: `${CWD}/файл.ts`, oldText: 'β\nстарое 3', newText: 'β\nновое 3' },
    ] },
  })
  tool(s, 'c-grep', 'grep', { pattern: 'слово' }, 'Найдено 6 из 20\n(Полный результат: /тмп/г.txt)', {
    meta: { shape: 'matches', truncated: true, total: 20, files: [
      { path: 'а.ts', matches: [1, 2, 3].map(n => ({ lineNumber: n, line: w(n) })) },
      { path: 'б.ts', matches: [4, 5, 6, 7].map(n => ({ lineNumber: n, line: w(n) })) },
    ] },
  })
  tool(s, 'c-glob', 'glob', { pattern: '*.ts' }, 'а.ts\nб.ts\nв.ts', { meta: { shape: 'paths', paths: ['а.ts', 'б.ts', 'в.ts'], truncated: false, total: 3 } })
  tool(s, 'c-glob-empty', 'glob', { pattern: '*.ру' }, '', { meta: { shape: 'paths', paths: [], truncated: false, total: 0 } })
  tool(s, 'c-web', 'web_search', { queries: ['вопрос'] }, 'ответ', {
    meta: { truncated: true, answer: 'Ответ **жирный**', sources: [
      { url: 'https://пример.рф/1', title: 'Источник 1', snippet: 'отрывок', publishedAt: '2026-01-01' },
      { url: 'https://192.0.2.1/2' },
    ] },
  })
  tool(s, 'c-web-empty', 'web_search', { queries: ['пусто'] }, '', { meta: { truncated: false, sources: [] } })
  tool(s, 'c-fetch', 'web_fetch', { url: 'https://пример.рф/страница' }, '# Страница\n\nтекст', {
    meta: { url: 'https://пример.рф/страница', statusCode: 200, truncated: true },
  })
  tool(s, 'c-todo', 'todo_write', { todos: [
    { content: 'Задача 1', status: 'completed' }, { content: 'Задача 2', status: 'in_progress' }, { content: 'Задача 3', status: 'pending' },
  ] }, 'Список обновлён')
  tool(s, 'c-ask', 'ask_user_question', { questions: [{ id: 'в1', header: 'Выбор', question: 'Какой?', options: [{ label: 'Первый' }, { label: 'Второй' }] }] },
    JSON.stringify({ answers: [{ id: 'в1', selected: ['Первый'] }] }))
  tool(s, 'c-ask-cancel', 'ask_user_question', { questions: [{ id: 'в2', question: 'Ещё?' }] }, 'Отменено', {
    isError: true, error: { name: 'Отмена', code: 'ASK_CANCELLED' },
  })
  tool(s, 'c-skill', 'skill', { name: 'навык' }, 'Инструкции навыка:\n1. шаг')
  tool(s, 'c-skill-fail', 'skill', { name: 'сломан' }, 'Навык не найден', { isError: true })
  s.stepStart()
  answer(s, [toolCallBlock('c-code', 'run_code', { description: 'Программа', code: 'пусть х = 1\nвызов(х)' })])
  s.call('run_code', { description: 'Программа', code: 'пусть х = 1\nвызов(х)' }, 'c-code')
  s.dispatchStart('c-code', 'bash', { command: 'эхо 2', description: 'Вложенный' }, 1)
  s.dispatchEnd('c-code', 'bash', { command: 'эхо 2', description: 'Вложенный' }, '2', { n: 1 })
  s.dispatchStart('c-code', 'read', { file_path: 'файл.ts' }, 2)
  s.dispatchEnd('c-code', 'read', { file_path: 'файл.ts' }, 'ошибка чтения', { n: 2, isError: true })
  s.result('c-code', 'готово')
  s.stepEnd()
  tool(s, 'c-other', 'инструмент', { параметр: 'значение' }, 'результат')
  tool(s, 'c-fail', 'bash', { command: 'сбой', description: 'Сбой' }, 'ошибка: нет файла', { isError: true, error: { name: 'Ошибка', code: 'E1' } })
  tool(s, 'c-sub', 'subagent', { prompt: 'Помоги', description: 'Помощник' }, `Дочерняя сессия ${SCAN_CHILD}: готово`)
  const retryStep = s.step + 1
  s.push('llm/retry', { turn: 1, step: retryStep, retry: 1, maxRetries: 3, delayMs: 1500, failure: { message: 'пустой ответ', code: 'EMPTY_RESPONSE' } })
  const attemptAt = s.records.length
  s.stepStart()
  answer(s, 'Готово: 3 из 3.')
  s.stepEnd()
  s.push('command/run', { commandId: 'к1', name: 'команда', args: 'аргумент' })
  s.push('command/done', { commandId: 'к1', kind: 'ok', text: 'выполнено' })
  s.turnEnd()

  // Turn 2: compaction, an unknown event, a failed turn.
  s.turnStart()
  s.user('Продолжай.')
  s.push('compaction/start', { compactionId: 'сж1', turn: 2 })
  s.push('compaction/summary', { compactionId: 'сж1', summary: [text('Краткое содержание.')] })
  s.push('compaction/end', { compactionId: 'сж1', turn: 2 })
  s.push('user/message', { id: 'замена', role: 'user', content: [text('Замена')], source: { kind: 'user' } }, { surfaceOp: { op: 'replace', start: 1, end: 3 } })
  const unknownAt = s.records.length
  s.stepStart()
  answer(s, 'Частичный ответ…', true)
  s.stepEnd()
  s.turnEnd({ kind: 'error', error: { message: 'сбой поставщика (401)', code: 'AUTH' } })

  // Turn 3: a call still running when the log ends.
  s.turnStart()
  s.user('Ещё раз.')
  tool(s, 'c-running', 'bash', { command: 'долго', description: 'Долгая команда' }, null)
  // Stored without envelopes (as v4 corpus logs are), so lines can be inserted: an event type dsh-view does
  // not know after the compaction, and a line that is not JSON after the title.
  const stored = s.jsonl({ stripped: true }).split('\n')
  stored.splice(1 + unknownAt, 0, JSON.stringify({ type: 'неизвестно/событие', data: { поле: 'значение' } }))
  // A failed attempt, in the stored stream shape (entries typed `chunk`).
  const failure = { kind: 'error', failure: { code: 'E2', message: 'сбой потока' } }
  stored.splice(1 + attemptAt, 0, JSON.stringify({ type: 'assistant/attempt', data: { turn: 1, step: retryStep, stream: [{ type: 'chunk', time: 0, chunk: { type: 'finish', reason: failure } }] } }))
  stored.splice(2, 0, '{"type":"user/message",٠١٢ испорчено')
  return { jsonl: stored.join('\n') }
}

function child(): string {
  const s = session({ id: SCAN_CHILD, cwd: CWD, version: 4, header: { parentSession: SCAN_PARENT, origin: 'subagent', delegationDepth: 1 } })
  s.push('session/title', { title: 'Помощник' })
  s.turnStart()
  s.user('Помоги')
  tool(s, 'd-bash', 'bash', { command: 'эхо 3', description: 'Дочерний' }, '3')
  s.stepStart()
  answer(s, 'Сделано.')
  s.stepEnd()
  s.turnEnd()
  return s.jsonl()
}

/** Enough turns of long output that the page budget splits the session into several pages. */
function long(): string {
  const s = session({ id: SCAN_LONG, cwd: CWD, version: 4 })
  s.push('session/title', { title: 'Длинная сессия' })
  for (let t = 1; t <= 30; t++) {
    s.turnStart()
    s.user(`Ход ${t}`)
    tool(s, `e-${t}`, 'bash', { command: `счёт ${t}`, description: `Счёт ${t}` },
      Array.from({ length: 200 }, (_, i) => `строка ${i} ${'ж'.repeat(150)}`).join('\n'))
    s.stepStart()
    answer(s, `Ход ${t} готов.`)
    s.stepEnd()
    s.turnEnd()
  }
  return s.jsonl()
}

/** Writes the three sessions as a sessions root; returns the root and every log's text (for the content words). */
export function writeLocaleRoot(): { root: string; logs: string[] } {
  const root = tempDir('dv-locale-')
  const logs: string[] = []
  for (const [id, jsonl] of [[SCAN_PARENT, parent().jsonl], [SCAN_CHILD, child()], [SCAN_LONG, long()]] as const) {
    mkdirSync(join(root, PROJECT, id), { recursive: true })
    writeFileSync(join(root, PROJECT, id, 'session.jsonl'), jsonl)
    logs.push(jsonl)
  }
  return { root, logs }
}
