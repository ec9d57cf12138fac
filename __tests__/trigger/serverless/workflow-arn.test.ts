import { describe, expect, it } from 'vitest'
import { parseWorkflowArn } from '../../../src/trigger/config/workflow-arn.js'

// The model's WorkflowArn: arn:aws(?:-(?:cn|us-gov|iso|iso-b|iso-e|iso-f))?:airflow-serverless:
// ([a-z]{2}-[a-z]+-[0-9]{1}):([0-9]{12}):workflow/([a-zA-Z0-9][a-zA-Z0-9\.\-_]{0,254}-[a-zA-Z0-9]{10})

describe('parseWorkflowArn', () => {
  it('reads the partition, region, account and name of an ARN the model takes', () => {
    expect(
      parseWorkflowArn('arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5')
    ).toEqual({
      arn: 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5',
      partition: 'aws',
      region: 'eu-west-1',
      account: '123456789012',
      name: 'etl-A1b2C3d4E5'
    })
    const china = parseWorkflowArn(
      'arn:aws-cn:airflow-serverless:cn-north-1:123456789012:workflow/my.flow_v2-x-0123456789'
    )
    expect(china).toMatchObject({ partition: 'aws-cn', region: 'cn-north-1' })
    expect(china?.name).toBe('my.flow_v2-x-0123456789')
  })

  it.each([
    ['no id suffix', 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl'],
    ['a short id', 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3'],
    ['another service', 'arn:aws:airflow:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5'],
    [
      'an account of 11 digits',
      'arn:aws:airflow-serverless:eu-west-1:12345678901:workflow/e-A1b2C3d4E5'
    ],
    [
      'a region outside the pattern',
      'arn:aws:airflow-serverless:eu-west:123456789012:workflow/e-A1b2C3d4E5'
    ],
    [
      'a host in the region',
      'arn:aws:airflow-serverless:evil.example:123456789012:workflow/e-A1b2C3d4E5'
    ],
    [
      'a path in the name',
      'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/a/b-A1b2C3d4E5'
    ],
    [
      'a name starting with "-"',
      'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/-x-A1b2C3d4E5'
    ],
    [
      'a name too long',
      `arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/${'n'.repeat(256)}-A1b2C3d4E5`
    ],
    [
      'an unknown partition',
      'arn:aws-xx:airflow-serverless:eu-west-1:123456789012:workflow/e-A1b2C3d4E5'
    ]
  ])('refuses %s', (_, arn) => {
    expect(parseWorkflowArn(arn)).toBeUndefined()
  })

  it('takes a name of 255 characters with its suffix, as the pattern does', () => {
    const name = `${'n'.repeat(255)}-A1b2C3d4E5`
    expect(
      parseWorkflowArn(`arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/${name}`)?.name
    ).toBe(name)
  })
})
