import { describe, expect, it } from 'vitest'
import type { TaskInstance } from '../src/trigger/task-answers.js'
import { countStates, describeTask, SHOWN_TASKS, shownTasks } from '../src/trigger/task-lines.js'

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

  it('count the states of the tasks listed', () => {
    expect(
      countStates([task('a', 'failed'), task('b', 'upstream_failed'), task('c', 'failed')])
    ).toBe('2 failed, 1 upstream_failed')
  })

  it(`show ${SHOWN_TASKS} tasks with their log links, and count the rest by the server's total`, () => {
    const tasks = Array.from({ length: 100 }, (_, i) => task(`t${i}`, 'upstream_failed'))
    const { lines, leftOut } = shownTasks({ kind: 'listed', tasks, total: 300 }, ui, ids)
    expect(lines).toHaveLength(SHOWN_TASKS)
    expect(lines[0]).toEqual({
      task: tasks[0],
      logUrl: 'https://airflow.example.com/dags/etl/runs/r/tasks/t0/logs'
    })
    expect(leftOut).toBe(280)
  })
})
