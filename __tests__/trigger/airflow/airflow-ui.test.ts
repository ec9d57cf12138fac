import { describe, expect, it } from 'vitest'
import {
  airflowVersion,
  dagPageUrl,
  runPageUrl,
  taskLogUrl,
  type AirflowUi
} from '../../../src/trigger/airflow/airflow-ui.js'

const v3: AirflowUi = { base: new URL('https://airflow.example.com'), version: 3 }
const v2: AirflowUi = { base: new URL('https://airflow.example.com'), version: 2 }
const RUN = 'github__2026-01-31T12:00:00+00:00'

describe('airflowVersion', () => {
  it.each([
    ['/api/v2', 3],
    ['/api/v1', 2],
    ['/airflow/api/v1', 2],
    ['/airflow/api/v2', 3],
    ['/custom', 3]
  ])('%s → Airflow %i', (apiPath, version) => {
    expect(airflowVersion(apiPath)).toBe(version)
  })
})

describe("links to the DAG's page, where it is paused and unpaused", () => {
  it('Airflow 3: the DAG under dags/, its id path-encoded', () => {
    expect(dagPageUrl(v3, 'etl daily')).toBe('https://airflow.example.com/dags/etl%20daily')
  })
  it("Airflow 2: the DAG's grid view", () => {
    expect(dagPageUrl(v2, 'etl')).toBe('https://airflow.example.com/dags/etl/grid')
  })
})

describe('links to the Airflow 3 UI', () => {
  it('path-encodes the ids of the run page', () => {
    expect(runPageUrl(v3, 'etl.daily', RUN)).toBe(
      'https://airflow.example.com/dags/etl.daily/runs/github__2026-01-31T12%3A00%3A00%2B00%3A00'
    )
  })
  it("opens a task instance's logs tab, mapped or not", () => {
    expect(taskLogUrl(v3, 'etl', 'r/1', { taskId: 'group.load', mapIndex: -1 })).toBe(
      'https://airflow.example.com/dags/etl/runs/r%2F1/tasks/group.load/logs'
    )
    expect(taskLogUrl(v3, 'etl', 'r', { taskId: 'fan out', mapIndex: 3 })).toBe(
      'https://airflow.example.com/dags/etl/runs/r/tasks/fan%20out/mapped/3/logs'
    )
  })
  it('keeps the path the UI is served under, with or without its trailing slash', () => {
    for (const base of ['https://example.com/airflow', 'https://example.com/airflow/']) {
      expect(runPageUrl({ base: new URL(base), version: 3 }, 'etl', 'r')).toBe(
        'https://example.com/airflow/dags/etl/runs/r'
      )
    }
  })
  it('cannot be steered elsewhere by an id', () => {
    const url = new URL(
      taskLogUrl(v3, 'etl', '../../x', { taskId: '//evil.example/?', mapIndex: -1 })
    )
    expect(url.host).toBe('airflow.example.com')
    expect(url.pathname).toBe('/dags/etl/runs/..%2F..%2Fx/tasks/%2F%2Fevil.example%2F%3F/logs')
  })
})

describe('links to the Airflow 2 grid view', () => {
  it('selects the run with dag_run_id', () => {
    expect(runPageUrl(v2, 'etl', RUN)).toBe(
      'https://airflow.example.com/dags/etl/grid?dag_run_id=github__2026-01-31T12%3A00%3A00%2B00%3A00'
    )
  })
  it("opens a task's logs tab, with map_index only for a mapped task", () => {
    expect(taskLogUrl(v2, 'etl', 'r', { taskId: 'load', mapIndex: -1 })).toBe(
      'https://airflow.example.com/dags/etl/grid?dag_run_id=r&task_id=load&tab=logs'
    )
    expect(taskLogUrl(v2, 'etl', 'r', { taskId: 'load', mapIndex: 0 })).toBe(
      'https://airflow.example.com/dags/etl/grid?dag_run_id=r&task_id=load&map_index=0&tab=logs'
    )
  })
})
