/**
 * The words of the Trajectory page's fixed chrome (trajectory.md §5.1, §8): the toolbar — Duration, the
 * Actual time switch the client hides and dsh-view shows, Turns, Calls, search — with the templates the page
 * script fills for a fold's summary row, and the inspector panel's frame.
 */
import type { TrajectoryWords } from './strings'
import type { PanelModel, ToolbarModel } from './types'

export function toolbarModel(words: TrajectoryWords): ToolbarModel {
  const t = words.t
  return {
    aria: t('toolbar.aria'),
    duration: { text: t('toolbar.duration'), press: t('toolbar.useActualDuration'), release: t('toolbar.useEqualWidth') },
    actualTime: t('toolbar.actualTime'),
    turns: { text: t('toolbar.turns'), collapse: t('toolbar.collapseTurns'), expand: t('toolbar.expandTurns') },
    calls: { text: t('toolbar.calls'), collapse: t('toolbar.collapseCalls'), expand: t('toolbar.expandCalls') },
    search: { label: t('toolbar.search'), placeholder: t('toolbar.searchPlaceholder') },
    templates: {
      toolCallsOne: t('summary.toolCalls.one'),
      toolCallsOther: t('summary.toolCalls.other'),
      stepsOne: t('summary.steps.one'),
      stepsOther: t('summary.steps.other'),
      collapsedTurn: t('request.collapsedSummary', { kind: t('request.collapsedTurn') }),
      collapsedAssistant: t('request.collapsedSummary', { kind: t('request.collapsedAssistant') }),
    },
  }
}

export function panelModel(words: TrajectoryWords): PanelModel {
  return { label: words.t('details.event'), close: words.t('details.close'), resize: words.t('details.resize'), resizeTitle: words.t('details.resizeTitle') }
}
