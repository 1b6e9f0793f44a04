/**
 * Typed prop builders for component tests: real contract types from `src/cards/types.ts` (no casts), with
 * defaults that read like a small real session and a `patch` for what a test cares about. Component tests use
 * these rather than the card models, so a model change cannot silently change what a component test checks.
 */
import type {
  AnsiLine, CopyControl, DiffCardModel, IoBody, PageRow, PageSection, ReadCardModel, RowWindow, SearchCardModel,
  SkillBody, TerminalCardModel, ToolDetailsModel, ToolRowModel, UserRow, WebCardModel,
} from '../../src/cards/types'

/** An HTML payload that runs script if it is ever parsed as markup (the XSS tests put it in every field). */
export const XSS = '<img src=x onerror=alert(1)>'

export const copyControl = (text: string, label = 'Copy', copiedLabel = 'Copied'): CopyControl => ({ label, copiedLabel, text })

/** Plain output rows from text, one unstyled segment per line. */
export const plainLines = (...lines: string[]): AnsiLine[] => lines.map((t) => (t === '' ? [] : [{ text: t }]))

export function rowWindow(head: number[], tail: number[], hidden: number, patch: Partial<RowWindow> = {}): RowWindow {
  return {
    head,
    tail,
    hidden,
    expandLabel: `… ${hidden} more lines`,
    expandAria: `Expand the remaining ${hidden} output lines`,
    collapseLabel: 'Collapse',
    collapseAria: 'Collapse output',
    ...patch,
  }
}

export function terminalCard(patch: Partial<TerminalCardModel> = {}): TerminalCardModel {
  return {
    kind: 'terminal',
    flavor: 'shell',
    state: 'failed',
    stateLabel: 'Failed',
    description: 'Fail deliberately',
    prompts: [{ label: 'ws', text: 'Get-Item missing.txt', first: true }],
    pill: 'exit code 1',
    exitCode: 1,
    signal: null,
    lines: plainLines('[stderr]', "Get-Item : Cannot find path 'missing.txt' because it does not exist."),
    placeholder: null,
    copy: copyControl("[stderr]\nGet-Item : Cannot find path 'missing.txt' because it does not exist."),
    detailsWindow: null,
    ...patch,
  }
}

export function diffCard(patch: Partial<DiffCardModel> = {}): DiffCardModel {
  return {
    kind: 'diff',
    source: 'applied',
    rows: [
      { kind: 'header', path: 'src/a.ts' },
      { kind: 'context', text: 'const a = 1', oldLine: 1, newLine: 1, marks: null },
      {
        kind: 'removed', text: 'const b = 2', oldLine: 2, newLine: null,
        marks: [{ text: 'const b = ', changed: false }, { text: '2', changed: true }],
      },
      {
        kind: 'added', text: 'const b = 3', oldLine: null, newLine: 2,
        marks: [{ text: 'const b = ', changed: false }, { text: '3', changed: true }],
      },
    ],
    added: 1,
    removed: 1,
    files: 1,
    footer: '└ +1 -1 · 1 file',
    copy: copyControl('src/a.ts\n  const a = 1\n- const b = 2\n+ const b = 3', '复制', '复制成功'),
    lang: 'ts',
    ...patch,
  }
}

export function readCard(patch: Partial<ReadCardModel> = {}): ReadCardModel {
  return {
    kind: 'read',
    path: '/home/dev/project/a.txt',
    label: 'a.txt',
    lines: [
      { number: 1, text: 'alpha' },
      { number: 2, text: 'beta' },
    ],
    totalLines: 2,
    lang: null,
    range: null,
    copy: copyControl('alpha\nbeta', '复制', '复制成功'),
    code: { text: 'alpha\nbeta', lang: null, html: null },
    chatWindow: null,
    detailsWindow: null,
    ...patch,
  }
}

export function searchCard(patch: Partial<SearchCardModel> = {}): SearchCardModel {
  return {
    kind: 'search',
    shape: 'matches',
    countText: '3 处匹配 · 2 个文件',
    shown: 3,
    total: 3,
    truncated: false,
    rows: [
      { kind: 'file', path: 'src/a.ts', matches: 2 },
      { kind: 'match', lineNumber: 3, line: 'foo()', text: '3: foo()' },
      { kind: 'match', lineNumber: 9, line: 'foo(1)', text: '9: foo(1)' },
      { kind: 'file', path: 'src/b.ts', matches: 1 },
      { kind: 'match', lineNumber: 1, line: 'foo', text: '1: foo' },
    ],
    placeholder: null,
    copy: copyControl('src/a.ts\n3: foo()\n9: foo(1)\nsrc/b.ts\n1: foo', '复制', '复制成功'),
    recovery: null,
    chatWindow: null,
    detailsWindow: null,
    ...patch,
  }
}

export function webSearchCard(): WebCardModel {
  return {
    kind: 'web',
    mode: 'search',
    answer: 'Vitest runs tests.',
    sources: [
      { ordinal: 1, url: 'https://vitest.dev/', href: 'https://vitest.dev/', label: 'Vitest', snippet: 'Next generation testing', publishedAt: '2025-01-01' },
      { ordinal: 2, url: 'javascript:alert(1)', href: null, label: 'javascript:alert(1)', snippet: null, publishedAt: null },
    ],
    empty: null,
    truncatedNotice: '来源列表已截断',
    raw: 'raw search result',
  }
}

export function webFetchCard(): WebCardModel {
  return {
    kind: 'web',
    mode: 'fetch',
    url: 'http://127.0.0.1:43117/menu.html',
    href: 'http://127.0.0.1:43117/menu.html',
    status: 'HTTP 200',
    truncatedNotice: null,
    raw: 'Fetched http://127.0.0.1:43117/menu.html (HTTP 200)',
  }
}

export function ioBody(patch: Partial<IoBody> = {}): IoBody {
  return {
    kind: 'io',
    program: null,
    input: '{\n  "command": "sleep 10",\n  "description": "Wait until cancellation"\n}',
    output: 'Error: tool call aborted',
    outputIsError: true,
    inLabel: 'IN',
    outLabel: 'OUT',
    ...patch,
  }
}

export function skillBody(patch: Partial<SkillBody> = {}): SkillBody {
  return { kind: 'skill', label: 'Instructions', text: '<skill_content name="x">\n# Skill\n</skill_content>', isError: false, ...patch }
}

export function toolDetails(patch: Partial<ToolDetailsModel> = {}): ToolDetailsModel {
  return {
    header: 'bash',
    inputLabel: 'Input',
    input: '{\n  "command": "ls"\n}',
    outputLabel: 'Output',
    output: { kind: 'raw', text: 'a.txt', isError: false },
    ...patch,
  }
}

/** An ok, non-expandable Generic row; patch in a body to make it expandable. */
export function toolRow(patch: Partial<ToolRowModel> = {}): ToolRowModel {
  return {
    kind: 'tool',
    key: 'tool:call_1',
    callId: 'call_1',
    tool: 'update_goal',
    variant: 'others',
    layout: 'tool',
    state: 'ok',
    modelState: 'ok',
    dot: null,
    icon: 'sparkle',
    title: 'Tool call',
    summary: 'update_goal · goal-1',
    summaryStyle: 'text',
    filePath: null,
    summarySuffix: null,
    hiddenStatus: null,
    hiddenStatusPlacement: 'before-header',
    expandable: false,
    body: null,
    inspectLabel: 'Inspect',
    details: toolDetails({ header: 'update_goal' }),
    children: [],
    depth: 0,
    ...patch,
  }
}

/** BashRow for an aborted call (golden `bash-abort-row`): error state, status inside the header, IN/OUT body. */
export function abortedBashRow(patch: Partial<ToolRowModel> = {}): ToolRowModel {
  return toolRow({
    key: 'tool:call_wait',
    callId: 'call_wait',
    tool: 'bash',
    variant: 'bash',
    layout: 'bash',
    state: 'error',
    modelState: 'error',
    dot: 'red',
    icon: 'api',
    title: 'Bash',
    summary: 'Error: tool call aborted',
    summaryStyle: 'failure',
    hiddenStatus: 'Failed',
    hiddenStatusPlacement: 'in-header',
    expandable: true,
    body: ioBody(),
    details: toolDetails({ header: 'bash', output: { kind: 'raw', text: 'Error: tool call aborted', isError: true } }),
    ...patch,
  })
}

export function userRow(patch: Partial<UserRow> = {}): UserRow {
  return {
    kind: 'user',
    key: 'user:m1',
    text: 'Run two shell commands.',
    images: [],
    role: 'user',
    time: { iso: '2026-08-23T01:38:00.000Z', label: '2026-08-23 01:38:00 UTC' },
    copy: copyControl('Run two shell commands.'),
    ...patch,
  }
}

export function section(rows: PageRow[], patch: Partial<PageSection> = {}): PageSection {
  return { key: 'turn:1', turn: 1, label: 'Turn 1', inherited: false, rows, ...patch }
}
