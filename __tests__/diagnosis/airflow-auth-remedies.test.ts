import { describe, expect, it } from 'vitest'
import { diagnose } from '../../src/diagnosis/index.js'
import { airflowProfile } from '../../src/trigger/airflow/remedies.js'

const ORCHESTRATION = {
  app: airflowProfile,
  method: 'POST',
  apiPath: '/api/v2',
  host: 'airflow.example.com'
} as const

/** Airflow 3's API server (FastAPI) as it answers authentication and permission failures. */
const airflow3 = (status: number, detail: string, headers: Record<string, string> = {}) =>
  diagnose(
    {
      response: {
        status,
        headers: { server: 'uvicorn', 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ detail })
      }
    },
    ORCHESTRATION
  )

describe("what to do about Airflow 3's authentication answers", () => {
  it.each([
    ['403 Invalid JWT token', 403, 'Invalid JWT token'],
    ['403 invalid jwt token, in other words', 403, 'invalid JWT token: signature mismatch']
  ])('%s: a new token, not a permission', (_name, status, detail) => {
    const verdict = airflow3(status, detail)
    expect(verdict.layer).toBe('origin')
    expect(verdict.remedies.join('\n')).toMatch(/could not verify the token/)
    expect(verdict.remedies.join('\n')).toMatch(/`username` and `password`/)
    expect(verdict.remedies.join('\n')).not.toMatch(/grant its role/)
  })

  it('403 Forbidden: a permission of the token’s user', () => {
    const remedies = airflow3(403, 'Forbidden').remedies.join('\n')
    expect(remedies).toMatch(/grant its role edit permission on the DAG/)
    expect(remedies).not.toMatch(/could not verify/)
  })

  it('401 Token Expired: a fresh token, or a user name and password', () => {
    const remedies = airflow3(401, 'Token Expired').remedies.join('\n')
    expect(remedies).toMatch(/The token has expired/)
    expect(remedies).toMatch(/`username` and `password`/)
  })

  it('401 Not authenticated with a Bearer challenge: invalid or expired', () => {
    const verdict = airflow3(401, 'Not authenticated', { 'www-authenticate': 'Bearer' })
    expect(verdict.layer).toBe('origin')
    expect(verdict.remedies.join('\n')).toMatch(/The token is invalid or expired/)
  })
})
