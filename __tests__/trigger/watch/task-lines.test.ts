import { describe, expect, it } from 'vitest'
import type { TaskInstance } from '../../../src/trigger/backend/backend.js'
import { withTaskLogs } from '../../../src/trigger/dag-run/tasks.js'
import {
  countStates,
  describeTask,
  SHOWN_TASKS,
  shownTasks
} from '../../../src/trigger/watch/task-lines.js'
import { awaitingInputLines } from '../../../src/trigger/watch/awaiting-input.js'

const ui = { base: new URL('https://airflow.example.com'), version: 3 } as const
const task = (taskId: string, state?: string, extra: Partial<TaskInstance> = {}): TaskInstance => ({
  taskId,
  state,
  mapIndex: -1,
  ...extra
})

describe('task lines', () => {
  it('describe a task with what is known of it', () => {
    expect(describeTask(task('load', 'failed', { tryNumber: 2, duration: 3.24 }))).toBe(
      'load: failed, try 2, 3.2 s'
    )
    expect(describeTask(task('fan', 'running', { mapIndex: 7 }))).toBe('fan[7]: running')
    expect(describeTask(task('odd'))).toBe('odd: no state')
  })

  it('give a task that never ran no try, no duration and no log link', () => {
    const skipped = task('load', 'upstream_failed', { tryNumber: 0, duration: 0 })
    const queued = task('late', 'queued', { tryNumber: 0 })
    expect(describeTask(skipped)).toBe('load: upstream_failed, never ran')
    expect(describeTask(queued)).toBe('late: queued, never ran')
    const report = withTaskLogs(
      { kind: 'listed', tasks: [skipped, queued], total: 2 },
      ui,
      'etl',
      'r'
    )
    expect(shownTasks(report as Extract<typeof report, { kind: 'listed' }>).tasks).toEqual([
      skipped,
      queued
    ])
  })

  it('count the states of the tasks listed', () => {
    expect(
      countStates([task('a', 'failed'), task('b', 'upstream_failed'), task('c', 'failed')])
    ).toBe('2 tasks failed, 1 task upstream_failed')
  })

  it(`show ${SHOWN_TASKS} tasks with their log links, and count the rest by the server's total`, () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(`t${i}`, 'failed', { tryNumber: 1 }))
    const report = withTaskLogs({ kind: 'listed', tasks, total: 300 }, ui, 'etl', 'r')
    const { tasks: shown, leftOut } = shownTasks(
      report as Extract<typeof report, { kind: 'listed' }>
    )
    expect(shown).toHaveLength(SHOWN_TASKS)
    expect(shown[0]).toEqual({
      ...tasks[0],
      logUrl: 'https://airflow.example.com/dags/etl/runs/r/tasks/t0/logs'
    })
    expect(leftOut).toBe('280 more')
    const withoutUi = withTaskLogs({ kind: 'listed', tasks, total: 300 }, undefined, 'etl', 'r')
    expect(withoutUi.kind === 'listed' && withoutUi.tasks[0]).toEqual(tasks[0])
  })

  it('say more follow, uncounted, after a cursor page that did not count them', () => {
    const tasks = [task('a', 'failed', { tryNumber: 1 })]
    expect(shownTasks({ kind: 'listed', tasks, total: 1, uncounted: true }).leftOut).toBe('more')
    expect(shownTasks({ kind: 'listed', tasks, total: 1 }).leftOut).toBeUndefined()
  })
})

describe('tasks awaiting input', () => {
  it('are said once each, mapped ones by their index, with the run page when known', () => {
    const said = new Set<string>()
    const first = awaitingInputLines(
      [task('approve', 'awaiting_input'), task('review', 'awaiting_input', { mapIndex: 2 })],
      said,
      'https://airflow.example.com/dags/etl/runs/r'
    )
    expect(first).toEqual([
      "Task approve is waiting for input: someone has to answer it in Airflow on the run's page, https://airflow.example.com/dags/etl/runs/r (Required actions). Still waiting; the wait's time-out still applies.",
      expect.stringMatching(/^Task review\[2\] is waiting for input/)
    ])
    expect(awaitingInputLines([task('approve', 'awaiting_input')], said, undefined)).toEqual([])
    expect(awaitingInputLines([task('sign', 'awaiting_input')], said, undefined)).toEqual([
      "Task sign is waiting for input: someone has to answer it in Airflow (Required actions). Still waiting; the wait's time-out still applies."
    ])
  })

  it('show a state the action does not know as it is', () => {
    expect(describeTask(task('think', 'pondering', { tryNumber: 1 }))).toBe(
      'think: pondering, try 1'
    )
  })
})
