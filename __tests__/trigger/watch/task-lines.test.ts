import { describe, expect, it } from 'vitest'
import type { TaskInstance } from '../../../src/trigger/airflow/task-answers.js'
import {
  countStates,
  describeTask,
  SHOWN_TASKS,
  shownTasks
} from '../../../src/trigger/watch/task-lines.js'
import { awaitingInputLines } from '../../../src/trigger/watch/awaiting-input.js'

const ui = { base: new URL('https://airflow.example.com'), version: 3 } as const
const ids = { dagId: 'etl', dagRunId: 'r' }
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

  it('give a task that never ran no try, no duration and no log', () => {
    const skipped = task('load', 'upstream_failed', { tryNumber: 0, duration: 0 })
    const queued = task('late', 'queued', { tryNumber: 0 })
    expect(describeTask(skipped)).toBe('load: upstream_failed, never ran')
    expect(describeTask(queued)).toBe('late: queued, never ran')
    const { lines } = shownTasks({ kind: 'listed', tasks: [skipped, queued], total: 2 }, ui, ids)
    expect(lines).toEqual([{ task: skipped }, { task: queued }])
  })

  it('count the states of the tasks listed', () => {
    expect(
      countStates([task('a', 'failed'), task('b', 'upstream_failed'), task('c', 'failed')])
    ).toBe('2 tasks failed, 1 task upstream_failed')
  })

  it(`show ${SHOWN_TASKS} tasks with their log links, and count the rest by the server's total`, () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(`t${i}`, 'failed', { tryNumber: 1 }))
    const { lines, leftOut } = shownTasks({ kind: 'listed', tasks, total: 300 }, ui, ids)
    expect(lines).toHaveLength(SHOWN_TASKS)
    expect(lines[0]).toEqual({
      task: tasks[0],
      logUrl: 'https://airflow.example.com/dags/etl/runs/r/tasks/t0/logs'
    })
    expect(leftOut).toBe('280 more')
  })

  it('say more follow, uncounted, after a cursor page that did not count them', () => {
    const tasks = [task('a', 'failed', { tryNumber: 1 })]
    expect(shownTasks({ kind: 'listed', tasks, total: 1, uncounted: true }, ui, ids).leftOut).toBe(
      'more'
    )
    expect(shownTasks({ kind: 'listed', tasks, total: 1 }, ui, ids).leftOut).toBeUndefined()
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
