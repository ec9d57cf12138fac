import { describe, expect, it } from 'vitest'
import type { TaskQuery } from '../../../src/trigger/airflow/airflow-api.js'
import { reportTasks } from '../../../src/trigger/dag-run/tasks.js'
import { fakeAirflowApi } from '../../../test-support/fake-apis.js'
import { json } from '../../../test-support/http-results.js'

const ti = (taskId: string, state: string) => ({ task_id: taskId, state, try_number: 1 })
const page = (items: unknown[], total: number) =>
  json(200, { task_instances: items, total_entries: total })

/** An API whose task listings answer `unfiltered` without a state filter, `filtered` with one. */
function listing(unfiltered: ReturnType<typeof page>, filtered?: ReturnType<typeof page>) {
  const queries: TaskQuery[] = []
  const api = fakeAirflowApi({
    listTaskInstances: (_id, query) => {
      queries.push(query)
      if (query.states && filtered) return Promise.resolve(filtered)
      return Promise.resolve(query.states ? page([], 0) : unfiltered)
    }
  })
  return { api, queries }
}

describe('the tasks behind a failed or unfinished run', () => {
  it('lists a run of one page whole, in one request, a state the action does not know included', async () => {
    const { api, queries } = listing(
      page([ti('extract', 'success'), ti('review', 'awaiting_review'), ti('load', 'failed')], 3)
    )
    const report = await reportTasks(api, 'r1')
    expect(report).toEqual({
      kind: 'listed',
      tasks: [
        expect.objectContaining({ taskId: 'load', state: 'failed' }),
        expect.objectContaining({ taskId: 'review', state: 'awaiting_review' })
      ],
      total: 2
    })
    expect(queries).toEqual([{ limit: 100 }])
  })

  it("counts a larger run with the state filter, and keeps the first page's unknown states", async () => {
    const first = Array.from({ length: 99 }, (_, i) => ti(`ok_${i}`, 'success'))
    const { api, queries } = listing(
      page([...first, ti('review', 'awaiting_review')], 250),
      page([ti('load', 'failed'), ti('publish', 'upstream_failed')], 40)
    )
    const report = await reportTasks(api, 'r1')
    expect(report.kind === 'listed' && report.tasks.map(task => task.state)).toEqual([
      'failed',
      'upstream_failed',
      'awaiting_review'
    ])
    expect(report.kind === 'listed' && report.total).toBe(41)
    expect(queries).toHaveLength(2)
    expect(queries[1]!.states).toContain('failed')
  })
})
