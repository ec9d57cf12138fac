import { describe, expect, it } from 'vitest'
import { serverlessSettings } from '../../../src/trigger/serverless/api/settings.js'
import { parseWorkflowArn } from '../../../src/trigger/config/workflow-arn.js'

const KEYS = { AWS_ACCESS_KEY_ID: 'AKIAEXAMPLE000000000', AWS_SECRET_ACCESS_KEY: 'secret' }
const workflow = (arn: string) => parseWorkflowArn(arn)!
const IRELAND = workflow('arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/e-A1b2C3d4E5')

describe('serverlessSettings', () => {
  it("uses the endpoint rules' host: api.aws, and the dual-stack suffix of China's partition", () => {
    expect(serverlessSettings(IRELAND, KEYS).endpoint.href).toBe(
      'https://airflow-serverless.eu-west-1.api.aws/'
    )
    const china = workflow(
      'arn:aws-cn:airflow-serverless:cn-northwest-1:123456789012:workflow/e-A1b2C3d4E5'
    )
    expect(serverlessSettings(china, KEYS).endpoint.href).toBe(
      'https://airflow-serverless.cn-northwest-1.api.amazonwebservices.com.cn/'
    )
  })

  it("honours AWS_ENDPOINT_URL_MWAA_SERVERLESS, then AWS_ENDPOINT_URL, but not MWAA's", () => {
    const env = { ...KEYS, AWS_ENDPOINT_URL: 'https://vpce.example.com' }
    expect(serverlessSettings(IRELAND, env).endpoint.href).toBe('https://vpce.example.com/')
    expect(
      serverlessSettings(IRELAND, {
        ...env,
        AWS_ENDPOINT_URL_MWAA_SERVERLESS: 'http://127.0.0.1:9000/'
      }).endpoint.href
    ).toBe('http://127.0.0.1:9000/')
    expect(
      serverlessSettings(IRELAND, { ...KEYS, AWS_ENDPOINT_URL_MWAA: 'https://mwaa.example.com' })
        .endpoint.host
    ).toBe('airflow-serverless.eu-west-1.api.aws')
  })

  it('refuses an override over plain http to a host that is not loopback, naming it', () => {
    expect(() =>
      serverlessSettings(IRELAND, {
        ...KEYS,
        AWS_ENDPOINT_URL_MWAA_SERVERLESS: 'http://proxy.example.com'
      })
    ).toThrow('AWS_ENDPOINT_URL_MWAA_SERVERLESS expected an https:// URL')
  })

  it('names the input the credentials are for', () => {
    expect(() => serverlessSettings(IRELAND, {})).toThrow(
      'No AWS credentials for "mwaa-serverless-workflow": AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are empty.'
    )
  })
})
