import { describe, expect, it } from 'vitest'
import { diagnose } from '../../../src/diagnosis/index.js'
import { json } from '../../../test-support/http-results.js'
import {
  endOfLifeNotice,
  partitionKeyProblem,
  releaseAtLeast
} from '../../../src/trigger/airflow/releases.js'
import { refusedRun } from '../../../src/trigger/create/refusal.js'
import { airflowProfile } from '../../../src/trigger/airflow/remedies.js'

const at = (
  release: string | undefined,
  extra: Partial<{ source: 'given' | 'found' | 'default'; version: 2 | 3; apiPath: string }> = {}
) => ({
  version: 3 as const,
  apiPath: '/api/v2',
  source: 'found' as const,
  ...(release === undefined ? {} : { release }),
  ...extra
})

describe("what the server's release tells", () => {
  it('compares releases as Airflow writes them, and knows nothing of an unsaid one', () => {
    expect(releaseAtLeast(at('3.2.1'), 3, 2)).toBe(true)
    expect(releaseAtLeast(at('3.10.0'), 3, 2)).toBe(true)
    expect(releaseAtLeast(at('3.3.0b1'), 3, 3)).toBe(true)
    expect(releaseAtLeast(at('3.1.8'), 3, 2)).toBe(false)
    expect(releaseAtLeast(at('2.10.5+composer'), 3, 2)).toBe(false)
    expect(releaseAtLeast(at(undefined), 3, 2)).toBeUndefined()
  })

  it("says Airflow 2's end of life only when the server says it is 2.x", () => {
    expect(endOfLifeNotice(at('2.10.5', { version: 2 }))).toContain('end of life on 2026-04-22')
    expect(endOfLifeNotice(at(undefined, { version: 2, source: 'given' }))).toBeUndefined()
    expect(endOfLifeNotice(at('3.0.6'))).toBeUndefined()
  })

  it('refuses a partition key only where the server or api-path says it cannot take one', () => {
    expect(partitionKeyProblem(at('3.1.0'))).toBe('the server says it runs Airflow 3.1.0')
    expect(partitionKeyProblem(at('3.2.0'))).toBeUndefined()
    expect(partitionKeyProblem(at(undefined, { source: 'default' }))).toBeUndefined()
    expect(
      partitionKeyProblem(at(undefined, { source: 'given', version: 2, apiPath: '/api/v1' }))
    ).toBe(`"api-path" /api/v1 is Airflow 2's REST API`)
  })
})

describe("Airflow's refusals of a trigger that the DAG decides", () => {
  const context = { dagId: 'etl', partitionKey: 'eu' }

  it('names who can allow manual runs, never just "bad request"', () => {
    const message = refusedRun(400, "Dag with dag_id: 'etl' does not allow manual runs", context)
    expect(message).toMatch(/^DAG etl does not allow manual runs \(Airflow answered HTTP 400: /)
    expect(message).toContain("Only the DAG's author can change this")
    expect(message).not.toMatch(/bad request/i)
  })

  it('explains a partition key refused, as 400 (3.2+) or as an unknown field (before 3.2)', () => {
    expect(refusedRun(400, "Dag with dag_id: 'etl' is not partitioned", context)).toContain(
      'Airflow refused the partition key "eu" for DAG etl'
    )
    expect(refusedRun(422, 'partition_key: Extra inputs are not permitted', context)).toContain(
      'only a DAG with a partitioned schedule takes one'
    )
    expect(refusedRun(400, 'partition is broken', { dagId: 'etl' })).toBe(
      'The server refused the run: HTTP 400 (partition is broken).'
    )
  })

  it('says AWS refused the run when MWAA refused it, not "the server"', () => {
    const aws = { dagId: 'etl', verdict: { layer: 'aws' as const } }
    expect(refusedRun(403, 'AccessDeniedException', aws)).toBe(
      'AWS refused the run: HTTP 403 (AccessDeniedException).'
    )
  })
})

describe('the diagnosis of those refusals', () => {
  const context = { app: airflowProfile, method: 'POST', apiPath: '/api/v2', host: 'a' } as const
  const remedyFor = (detail: string) => diagnose(json(400, { detail }), context).remedies.join('\n')

  it('names the DAG author for manual runs, and partition-key for a partition', () => {
    expect(remedyFor("Dag with dag_id: 'etl' does not allow manual runs")).toContain(
      "The DAG's author limited the runs it takes (`allowed_run_types`)"
    )
    expect(remedyFor("Dag with dag_id: 'etl' is not partitioned")).toContain(
      'Remove `partition-key`'
    )
    expect(remedyFor('The provided run ID is invalid')).toContain('common causes')
  })
})
