import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerlessStandIn, type ServerlessStandIn } from '../../sandbox/serverless.js'
import { loadSigner } from '../../src/trigger/mwaa/sign.js'

// The stand-in refuses what MWAA Serverless would: a call not signed for `airflow-serverless` in
// its region by its keys, another content type, and members the operation does not have.

let standIn: ServerlessStandIn
beforeAll(async () => {
  standIn = await startServerlessStandIn()
})
afterAll(() => standIn.close())

async function call(
  target: string,
  input: object,
  how: { service?: string; contentType?: string; unsigned?: boolean } = {}
): Promise<{ status: number; body: { __type?: string; Message?: string } }> {
  const url = new URL(standIn.url)
  const body = JSON.stringify(input)
  const headers = {
    'content-type': how.contentType ?? 'application/x-amz-json-1.0',
    'x-amz-target': `AmazonMWAAServerless.${target}`
  }
  const sign = await loadSigner(
    standIn.region,
    standIn.keys,
    () => {},
    how.service ?? 'airflow-serverless'
  )
  const signed = how.unsigned ? headers : await sign({ url, headers, body })
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: signed }, res => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

describe('the MWAA Serverless stand-in', () => {
  const arn = () => standIn.workflows.succeeds.arn

  it('answers a call signed as the service wants it', async () => {
    const answer = await call('GetWorkflow', { WorkflowArn: arn() })
    expect(answer.status).toBe(200)
  })

  it('refuses a call signed for another service, or not signed', async () => {
    const other = await call('GetWorkflow', { WorkflowArn: arn() }, { service: 'airflow' })
    expect([other.status, other.body.__type]).toEqual([
      403,
      'com.amazonaws.mwaaserverless#InvalidSignatureException'
    ])
    const unsigned = await call('GetWorkflow', { WorkflowArn: arn() }, { unsigned: true })
    expect(unsigned.body.__type).toBe(
      'com.amazonaws.mwaaserverless#MissingAuthenticationTokenException'
    )
  })

  it("refuses another content type, and members outside the operation's input", async () => {
    const json = await call(
      'GetWorkflow',
      { WorkflowArn: arn() },
      { contentType: 'application/json' }
    )
    expect(json.body.__type).toBe('com.amazonaws.mwaaserverless#UnknownOperationException')
    const extra = await call('StartWorkflowRun', { WorkflowArn: arn(), Conf: {} })
    expect([extra.status, extra.body.__type]).toEqual([
      400,
      'com.amazonaws.mwaaserverless#ValidationException'
    ])
    const token = await call('StartWorkflowRun', { WorkflowArn: arn(), ClientToken: 'has space' })
    expect(token.body.__type).toBe('com.amazonaws.mwaaserverless#ValidationException')
  })
})
