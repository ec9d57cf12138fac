import { describe, expect, it } from 'vitest'
import { clientToken } from '../../../src/trigger/serverless/client-token.js'

const ARN = 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5'
const DATE = '2026-01-31T12:00:00Z'

describe('clientToken', () => {
  it('is the same for the same workflow, date and prefix: a re-run gets its run back', () => {
    expect(clientToken(ARN, DATE, 'github__')).toBe(clientToken(ARN, DATE, 'github__'))
    expect(clientToken(ARN, DATE, 'github__')).toMatch(/^github__20260131T120000Z-[0-9a-f]{24}$/)
  })

  it('differs for another workflow, date or prefix', () => {
    const token = clientToken(ARN, DATE, 'github__')
    expect(clientToken(ARN.replace('etl', 'etl2'), DATE, 'github__')).not.toBe(token)
    expect(clientToken(ARN, '2026-01-31T12:00:01Z', 'github__')).not.toBe(token)
    expect(clientToken(ARN, DATE, 'retry__')).not.toBe(token)
  })

  it("keeps to the model's 1 to 128 characters of [\\x21-\\x7E], whatever the prefix", () => {
    for (const prefix of ['', 'p', 'p'.repeat(230), 'a.b~c:d+e-f_']) {
      const token = clientToken(ARN, DATE, prefix)
      expect(token.length).toBeGreaterThanOrEqual(1)
      expect(token.length).toBeLessThanOrEqual(128)
      expect(token).toMatch(/^[\x21-\x7E]+$/)
    }
    // Prefixes cut to the same readable part still differ.
    expect(clientToken(ARN, DATE, `${'p'.repeat(200)}a`)).not.toBe(
      clientToken(ARN, DATE, `${'p'.repeat(200)}b`)
    )
  })
})
