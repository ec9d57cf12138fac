import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import type { HttpResult } from '../../../src/http/send.js'
import {
  parseTaskListing,
  problemTasks,
  progressOf
} from '../../../src/trigger/airflow/task-answers.js'
import type { TaskInstance } from '../../../src/trigger/backend/backend.js'
import { json } from '../../../test-support/http-results.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const verdictOf = (result: HttpResult) =>
  diagnose(result, { app: airflowProfile, method: 'GET', apiPath: '/api/v2', host: 'a' })
const listing = (body: unknown) => parseTaskListing(verdictOf(json(200, body)))

// As Airflow 3's TaskInstanceResponse has them (fields the action does not read left out).
const ti = (task_id: string, state: string | null, extra: Record<string, unknown> = {}) => ({
  id: '01936f0e-1b2c-7d3e-8f4a-5b6c7d8e9f01',
  task_id,
  dag_id: 'etl',
  dag_run_id: 'r',
  map_index: -1,
  state,
  try_number: 1,
  duration: 1.25,
  ...extra
})

describe('parseTaskListing', () => {
  it('reads the fields shown, from Airflow 2 and 3 alike', () => {
    expect(
      listing({ task_instances: [ti('load', 'failed', { try_number: 2 })], total_entries: 1 })
    ).toEqual({
      tasks: [{ taskId: 'load', state: 'failed', tryNumber: 2, duration: 1.25, mapIndex: -1 }],
      total: 1
    })
  })

  it('keeps a task with odd fields, but never takes them for what they are not', () => {
    const odd = ti('x', 'Failed!', { try_number: 1.5, duration: -3, map_index: '2' })
    expect(listing({ task_instances: [odd], total_entries: 1 })?.tasks).toEqual([
      { taskId: 'x', state: undefined, tryNumber: undefined, duration: undefined, mapIndex: -1 }
    ])
  })

  it('drops items without a task id, and takes a total below the page for the page', () => {
    const answer = listing({
      task_instances: [ti('a', 'success'), { state: 'failed' }, ti('', 'failed'), 'x', null],
      total_entries: 2
    })
    expect(answer?.tasks.map(task => task.taskId)).toEqual(['a'])
    expect(answer?.total).toBe(5)
  })

  it('reads a cursor page (Airflow 3.2.2+): whole when next_cursor is null, uncounted else', () => {
    const tasks = [ti('a', 'success'), ti('b', 'running')]
    expect(
      listing({ task_instances: tasks, next_cursor: null, previous_cursor: null })?.total
    ).toBe(2)
    const partial = listing({
      task_instances: tasks,
      next_cursor: 'eyJ2Ijo1fQ',
      previous_cursor: null
    })
    expect(partial?.tasks).toHaveLength(2)
    expect(partial?.total).toBeUndefined()
    expect(partial && progressOf(partial)).toBeUndefined()
  })

  it('is undefined for an answer that is not a listing', () => {
    expect(listing({ dag_run_id: 'r' })).toBeUndefined()
    expect(listing([ti('a', 'success')])).toBeUndefined()
    expect(listing({ task_instances: 'none' })).toBeUndefined()
  })
})

const task = (taskId: string, state?: string): TaskInstance => ({ taskId, state, mapIndex: -1 })

describe('progressOf', () => {
  it('counts the finished states over a complete page', () => {
    const tasks = [
      'success',
      'skipped',
      'failed',
      'upstream_failed',
      'removed',
      'running',
      undefined
    ]
    expect(progressOf({ tasks: tasks.map((state, i) => task(`t${i}`, state)), total: 7 })).toEqual({
      finished: 5,
      total: 7
    })
  })
  it('does not guess from a partial page', () => {
    expect(progressOf({ tasks: [task('a', 'success')], total: 150 })).toBeUndefined()
  })
})

describe('problemTasks', () => {
  it('keeps what explains a failure, failed first, the server order within a state', () => {
    const tasks = [
      task('a', 'success'),
      task('b', 'running'),
      task('c', 'upstream_failed'),
      task('d', 'failed'),
      task('e'),
      task('f', 'failed'),
      task('g', 'skipped'),
      task('h', 'up_for_retry')
    ]
    expect(problemTasks(tasks).map(t => `${t.taskId}:${t.state}`)).toEqual([
      'd:failed',
      'f:failed',
      'c:upstream_failed',
      'h:up_for_retry',
      'b:running'
    ])
  })

  it('keeps a task awaiting input (Airflow 3.3) after the failures, and a state it does not know last, as it is', () => {
    const tasks = [
      task('a', 'pondering'),
      task('b', 'running'),
      task('c', 'awaiting_input'),
      task('d', 'failed'),
      task('e', 'scheduled'),
      task('f', 'success')
    ]
    expect(problemTasks(tasks).map(t => `${t.taskId}:${t.state}`)).toEqual([
      'd:failed',
      'c:awaiting_input',
      'b:running',
      'a:pondering'
    ])
  })

  it('reads a state it does not know as it is', () => {
    expect(
      listing({
        task_instances: [ti('a', 'awaiting_input'), ti('b', 'pondering')],
        total_entries: 2
      })?.tasks.map(t => t.state)
    ).toEqual(['awaiting_input', 'pondering'])
  })
})
