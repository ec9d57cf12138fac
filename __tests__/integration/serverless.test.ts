import { describe, expect, it, vi } from 'vitest'
import { TestClock } from '../../test-support/clock.js'
import {
  annotationTitles,
  errorMessages,
  logLines,
  warningMessages,
  type ActionRun
} from '../../test-support/run-action.js'
import { useSandbox } from '../../test-support/sandbox-kit.js'
import { summaryAsText } from '../../test-support/summary-text.js'

// Trigger mode on Amazon MWAA Serverless, run as the runner runs it, against the stand-in
// (sandbox/serverless.ts), which checks each call's SigV4 signature and the model's constraints.

const LOGICAL_DATE = '2026-01-31T12:00:00Z'
const TOKEN = /^github__20260131T120000Z-[0-9a-f]{24}$/

/** The stand-in's time and the action's: runs progress, and waits time out, as the polls pause. */
const clock = new TestClock()
const kit = useSandbox({
  clock,
  serverless: { inputs: { 'logical-date': LOGICAL_DATE } }
})

/** A wait, polling every 0.1 s of the shared clock. */
const WAIT = { wait: 'true', 'poll-interval-seconds': '0.1' }

const calls = () => kit.serverless.calls
const operations = () => calls().map(call => call.operation)
const runs = () => kit.serverless.runs.all()

/** No AWS credential anywhere the user or others can read, but in the runner's mask commands. */
function expectNoSecrets(run: ActionRun): void {
  const { keys } = kit.serverless
  const log = `${run.stdout}\n${run.stderr}`
    .split('\n')
    .filter(line => !line.startsWith('::add-mask::'))
  const seen = [...log, run.summary, JSON.stringify(run.outputs)].join('\n')
  for (const secret of [keys.accessKeyId, keys.secretAccessKey, keys.sessionToken!]) {
    expect(seen).not.toContain(secret)
    expect(run.stdout).toContain(`::add-mask::${secret}`)
  }
}

describe('starting a workflow run', () => {
  it('sends StartWorkflowRun signed for airflow-serverless, and gives the RunId out', async () => {
    const run = await kit.startWorkflow({ conf: '{"env": "prod"}' })
    expect(errorMessages(run)).toBe('')
    expect(run.exitCode).toBe(0)
    const [start] = calls()
    expect(start).toMatchObject({
      operation: 'StartWorkflowRun',
      input: {
        WorkflowArn: kit.serverless.workflows.succeeds.arn,
        ClientToken: expect.stringMatching(TOKEN),
        OverrideParameters: { env: 'prod' }
      }
    })
    expect(start!.refused).toBeUndefined()
    expect(start!.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-target']))
    const { runId } = runs()[0]!
    expect(run.outputs).toMatchObject({
      'dag-run-id': runId,
      'dag-run-state': 'starting',
      'dag-run-url': `https://eu-west-1.console.aws.amazon.com/mwaa/home?region=eu-west-1#/workflows/nightly-etl-A1b2C3d4E5/runs/${runId}`,
      diagnosis: 'aws'
    })
    expect(run.outputs['logical-date']).toBeUndefined()
    // Nothing went to an Airflow server.
    expect(kit.requestLines()).toEqual([])
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('MWAA Serverless trigger: ✅ Run started')
    // The same lead as Airflow's: one sentence, the run linked, the rest folded in Details.
    expect(run.summary).toContain(
      `<p>Run <code>${runId}</code> of <code>nightly-etl-A1b2C3d4E5</code> was started (state starting) — <a href="${run.outputs['dag-run-url']}">open it in the AWS console</a>.</p>`
    )
    expect(run.summary).toMatch(/<details><summary>Details<\/summary>.*StartWorkflowRun → HTTP 200/)
    expect(summary).toMatch(
      /ClientToken \| github__\w+-\w+ \(from run-id-prefix and the logical date/
    )
    expectNoSecrets(run)
  })

  it('gets the same run back for a re-run of the commit; another prefix starts another', async () => {
    const first = await kit.startWorkflow()
    const again = await kit.startWorkflow()
    expect(again.exitCode).toBe(0)
    expect(again.outputs['dag-run-id']).toBe(first.outputs['dag-run-id'])
    expect(runs()).toHaveLength(1)
    const other = await kit.startWorkflow({ 'run-id-prefix': 'retry__' })
    expect(other.outputs['dag-run-id']).not.toBe(first.outputs['dag-run-id'])
    expect(runs()).toHaveLength(2)
  })

  it('starts a new run for the same commit once the idempotency window is over', async () => {
    kit.serverless.configure({ idempotencyWindowMs: 60_000 })
    const first = await kit.startWorkflow()
    await clock.advance(61_000)
    const later = await kit.startWorkflow()
    expect(later.exitCode).toBe(0)
    expect(later.outputs['dag-run-id']).not.toBe(first.outputs['dag-run-id'])
  })

  it('takes the endpoint from AWS_ENDPOINT_URL when the service has no variable of its own', async () => {
    const run = await kit.startWorkflow(
      {},
      { env: { AWS_ENDPOINT_URL_MWAA_SERVERLESS: '', AWS_ENDPOINT_URL: kit.serverless.url } }
    )
    expect(run.exitCode).toBe(0)
    expect(operations()).toEqual(['StartWorkflowRun'])
  })
})

describe('waiting for the run', () => {
  it("polls GetWorkflowRun until SUCCESS, and shows its answer without the run's parameters", async () => {
    const run = await kit.startWorkflow({ ...WAIT, conf: '{"target": "warehouse-eu-7"}' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['dag-run-state']).toBe('success')
    expect(operations().filter(op => op === 'GetWorkflowRun').length).toBeGreaterThan(1)
    expect(logLines(run.stdout).some(line => / succeeded\.$/.test(line))).toBe(true)
    expect(summaryAsText(run.summary)).toContain('MWAA Serverless trigger: ✅ Run succeeded')
    // OverrideParameters is sensitive in the service's model: the summary leaves it out.
    expect(run.summary).toContain('&quot;RunState&quot;: &quot;SUCCESS&quot;')
    expect(run.summary).not.toContain('warehouse-eu-7')
  })

  it('fails naming the failed tasks from ListTaskInstances', async () => {
    const run = await kit.startWorkflow({
      'mwaa-serverless-workflow': kit.serverless.workflows.fails.arn,
      ...WAIT
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('failed')
    expect(operations().at(-1)).toBe('ListTaskInstances')
    expect(annotationTitles(run)).toEqual(['transform', 'Run failed'])
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('MWAA Serverless trigger: ❌ Run failed')
    expect(summary).toMatch(
      /^Run run-\w+ of fails-flow-Z9y8X7w6V5 failed after [\d.]+ m?s: 1 task failed, 1 task upstream_failed — open it in the AWS console\.$/m
    )
    // ListTaskInstances names no log: no Log column, and the text says where the logs are.
    expect(summary).toContain('Task | State | Duration |')
    expect(summary).toMatch(/transform \| failed \|/)
    expect(summary).toMatch(/load \| upstream_failed — never ran/)
    expect(summary).toContain(
      "their logs are in the workflow's CloudWatch log group, not linked here"
    )
    expect(summary).not.toContain('log of each failed task below')
    expect(summary).toContain('another run-id-prefix or another commit')
  })

  it("polls again after AWS's passing error, and stops at one polling cannot change", async () => {
    kit.serverless.refuse({
      operation: 'GetWorkflowRun',
      type: 'InternalServerException',
      status: 500,
      message: 'Internal failure.',
      times: 1
    })
    const run = await kit.startWorkflow(WAIT)
    expect(run.exitCode).toBe(0)
    expect(logLines(run.stdout)).toContain(
      "Could not read the run's state (HTTP 500 InternalServerException); polling again."
    )
    kit.serverless.refuse({
      operation: 'GetWorkflowRun',
      type: 'AccessDeniedException',
      status: 403,
      message: 'Not authorized'
    })
    const denied = await kit.startWorkflow({ ...WAIT, 'run-id-prefix': 'denied__' })
    expect(denied.exitCode).toBe(1)
    expect(denied.outputs.diagnosis).toBe('aws')
    expect(denied.outputs['dag-run-state']).toBe('starting')
    expect(errorMessages(denied)).toContain('`airflow-serverless:GetWorkflowRun`')
    expect(annotationTitles(denied)).toEqual([
      'Wait stopped: answered by AWS (Amazon MWAA Serverless)'
    ])
  })

  it('times out with the tasks still going listed', async () => {
    kit.serverless.configure({ runStartMs: 0, runDurationMs: 600_000 })
    const run = await kit.startWorkflow({ ...WAIT, 'wait-timeout-seconds': '2' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['dag-run-state']).toBe('running')
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('⏱️ Wait timed out')
    expect(summary).toMatch(/extract \| running \|/)
  })

  it('leaves the run going when cancelled without stop-run-on-cancel, and says so', async () => {
    kit.serverless.configure({ runStartMs: 0, runDurationMs: 600_000 })
    const action = await kit.startWorkflowAction(WAIT, { clock: undefined })
    await vi.waitFor(() => expect(operations()).toContain('GetWorkflowRun'), { timeout: 15_000 })
    action.child.kill('SIGINT')
    const run = await action.done
    expect(run.exitCode).toBe(1)
    expect(operations()).not.toContain('StopWorkflowRun')
    expect(run.outputs['dag-run-state']).toBe('running')
    expect(errorMessages(run)).toMatch(
      /^Cancelled \(SIGINT\): Stopped waiting for run run-\w+ after [^(]+\(last state: running\)\. The run goes on in MWAA Serverless \("stop-run-on-cancel" is off\)\. Run page: https:/
    )
  })

  it('stops the run with StopWorkflowRun when cancelled, with stop-run-on-cancel', async () => {
    kit.serverless.configure({ runStartMs: 0, runDurationMs: 600_000 })
    const action = await kit.startWorkflowAction(
      { ...WAIT, 'stop-run-on-cancel': 'true' },
      { clock: undefined }
    )
    await vi.waitFor(() => expect(operations()).toContain('GetWorkflowRun'), { timeout: 15_000 })
    action.child.kill('SIGINT')
    const run = await action.done
    expect(run.exitCode).toBe(1)
    expect(operations().at(-1)).toBe('StopWorkflowRun')
    expect(run.outputs['dag-run-state']).toBe('stopping')
    expect(errorMessages(run)).toContain('StopWorkflowRun answered stopping')
    expect(summaryAsText(run.summary)).toContain('⏹️ Cancelled while waiting for the run')
  })
})

describe('cancelling while the run is being started', () => {
  it('says the start is unsettled, and looks nothing up once cancelled', async () => {
    kit.serverless.hold('StartWorkflowRun')
    const action = await kit.startWorkflowAction({}, { clock: undefined })
    await vi.waitFor(() => expect(operations()).toEqual(['StartWorkflowRun']), { timeout: 15_000 })
    action.child.kill('SIGINT')
    const run = await action.done
    expect(run.exitCode).toBe(1)
    expect(operations()).toEqual(['StartWorkflowRun'])
    expect(run.outputs['dag-run-id']).toBeUndefined()
    expect(errorMessages(run)).toMatch(
      /^Cancelled \(SIGINT\): The step was cancelled while the run was being started\. StartWorkflowRun ended with .+; whether it started a run was not looked up/
    )
    expect(summaryAsText(run.summary)).toContain('MWAA Serverless trigger: ❌ Run not started')
  })
})

describe("AWS's refusals, as the aws layer", () => {
  it('AccessDenied names the IAM action and the workflow ARN', async () => {
    kit.serverless.refuse({
      type: 'AccessDeniedException',
      status: 403,
      message: 'User: arn:aws:sts::123456789012:assumed-role/ci/gh is not authorized'
    })
    const run = await kit.startWorkflow()
    expect(run.exitCode).toBe(1)
    expect(run.outputs.diagnosis).toBe('aws')
    expect(run.outputs['dag-run-id']).toBeUndefined()
    expect(errorMessages(run)).toContain(
      `\`airflow-serverless:StartWorkflowRun\` on \`${kit.serverless.workflows.succeeds.arn}\``
    )
    expect(annotationTitles(run)).toEqual([
      'Run not started: answered by AWS (Amazon MWAA Serverless)'
    ])
  })

  it('ResourceNotFound for a workflow the account does not have', async () => {
    const arn = 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/gone-Q1w2E3r4T5'
    const run = await kit.startWorkflow({ 'mwaa-serverless-workflow': arn })
    expect(run.exitCode).toBe(1)
    expect(calls()[0]!.refused).toBe('ResourceNotFoundException')
    expect(errorMessages(run)).toContain('Check `mwaa-serverless-workflow`')
  })

  it('ServiceQuotaExceeded names the quota code', async () => {
    kit.serverless.refuse({
      operation: 'StartWorkflowRun',
      type: 'ServiceQuotaExceededException',
      status: 402,
      message: 'Too many concurrent runs.',
      members: { QuotaCode: 'L-4C1A2B3D', ServiceCode: 'airflow-serverless' }
    })
    const run = await kit.startWorkflow()
    expect(run.exitCode).toBe(1)
    expect(summaryAsText(run.summary)).toContain('--quota-code L-4C1A2B3D')
  })

  it('Throttling is waited out within max-attempts', async () => {
    kit.serverless.refuse({
      type: 'ThrottlingException',
      status: 429,
      message: 'Rate exceeded',
      times: 1
    })
    const run = await kit.startWorkflow()
    expect(run.exitCode).toBe(0)
    expect(operations()).toEqual(['StartWorkflowRun', 'StartWorkflowRun'])
    expect(run.pauses).toHaveLength(1)
    kit.serverless.refuse({ type: 'ThrottlingException', status: 429, message: 'Rate exceeded' })
    const once = await kit.startWorkflow({ 'max-attempts': '1', 'run-id-prefix': 'x__' })
    expect(once.exitCode).toBe(1)
    expect(errorMessages(once)).toContain('`max-attempts`')
  })

  it('Conflict: the same commit with another conf, naming run-id-prefix', async () => {
    expect((await kit.startWorkflow({ conf: '{"a": 1}' })).exitCode).toBe(0)
    const run = await kit.startWorkflow({ conf: '{"a": 2}' })
    expect(run.exitCode).toBe(1)
    expect(calls()[1]!.refused).toBe('ConflictException')
    expect(summaryAsText(run.summary)).toContain('change run-id-prefix')
  })

  it('Validation names the field and the input behind it', async () => {
    kit.serverless.refuse({
      type: 'ValidationException',
      status: 400,
      message: 'Invalid parameters',
      members: {
        Reason: 'fieldValidationFailed',
        FieldList: [{ Name: 'OverrideParameters', Message: 'Unknown parameter env' }]
      }
    })
    const run = await kit.startWorkflow({ conf: '{"env": "prod"}' })
    expect(run.exitCode).toBe(1)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('OverrideParameters (Unknown parameter env)')
    expect(summary).toContain('Check conf.')
  })
})

describe('a start whose outcome AWS left unclear', () => {
  it('OperationTimeout after the run was made: found with ListWorkflowRuns, not started again', async () => {
    kit.serverless.refuse({
      operation: 'StartWorkflowRun',
      type: 'OperationTimeoutException',
      status: 504,
      message: 'The operation timed out.',
      times: 1,
      afterWork: true
    })
    const run = await kit.startWorkflow({ conf: '{"env": "prod"}' })
    expect(errorMessages(run)).toBe('')
    expect(run.exitCode).toBe(0)
    expect(operations()).toEqual(['StartWorkflowRun', 'ListWorkflowRuns', 'GetWorkflowRun'])
    expect(runs()).toHaveLength(1)
    expect(run.outputs['dag-run-id']).toBe(runs()[0]!.runId)
    const summary = summaryAsText(run.summary)
    expect(summary).toContain('MWAA Serverless trigger: ✅ Run started (confirmed by lookup)')
    expect(summary).toContain('and ListWorkflowRuns and GetWorkflowRun found it.')
  })

  it('OperationTimeout before any run: started again with the same ClientToken', async () => {
    kit.serverless.refuse({
      operation: 'StartWorkflowRun',
      type: 'OperationTimeoutException',
      status: 504,
      message: 'The operation timed out.',
      times: 1
    })
    const run = await kit.startWorkflow()
    expect(run.exitCode).toBe(0)
    expect(operations()).toEqual(['StartWorkflowRun', 'ListWorkflowRuns', 'StartWorkflowRun'])
    const [first, , second] = calls()
    expect(second!.input!.ClientToken).toBe(first!.input!.ClientToken)
    expect(runs()).toHaveLength(1)
  })
})

describe('inputs, checked before any request', () => {
  it.each([
    ['base-url', { 'base-url': 'https://airflow.example.com' }],
    ['dag-id', { 'dag-id': 'etl' }],
    ['mwaa-environment', { 'mwaa-environment': 'prod-env' }]
  ])('refuses %s beside the workflow, naming both', async (name, inputs) => {
    const run = await kit.inProcess.startWorkflow(inputs)
    expect(run.exitCode).toBe(1)
    expect(errorMessages(run)).toContain(
      `Input "${name}" is not used with "mwaa-serverless-workflow"`
    )
    expect(calls()).toEqual([])
  })

  it('refuses an ARN that is not a workflow, a region that is not its own, and no credentials', async () => {
    const bad = await kit.inProcess.startWorkflow({
      'mwaa-serverless-workflow': 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl'
    })
    expect(errorMessages(bad)).toContain('Input "mwaa-serverless-workflow" expected a workflow ARN')
    const region = await kit.inProcess.startWorkflow({ 'aws-region': 'us-east-1' })
    expect(errorMessages(region)).toContain(
      'Input "aws-region" is us-east-1, but the workflow of "mwaa-serverless-workflow" is in eu-west-1'
    )
    const anonymous = await kit.inProcess.startWorkflow({}, { env: { AWS_SECRET_ACCESS_KEY: '' } })
    expect(errorMessages(anonymous)).toContain(
      'No AWS credentials for "mwaa-serverless-workflow": AWS_SECRET_ACCESS_KEY is empty.'
    )
    expect(calls()).toEqual([])
  })

  it('warns once about the inputs that do nothing there', async () => {
    const run = await kit.startWorkflow({
      'ui-url': 'https://ui.example.com',
      note: 'From CI',
      'on-duplicate': 'reuse'
    })
    expect(run.exitCode).toBe(0)
    const [warning, ...more] = warningMessages(run)
    expect(more).toEqual([])
    expect(warning).toContain('Input "ui-url" does nothing with "mwaa-serverless-workflow"')
    expect(warning).toContain('Inputs "on-duplicate" and "note" do nothing')
  })

  it('in a dry run, looks the workflow up with GetWorkflow and starts nothing', async () => {
    const run = await kit.startWorkflow({ 'dry-run': 'true' })
    expect(run.exitCode).toBe(0)
    expect(operations()).toEqual(['GetWorkflow'])
    expect(runs()).toEqual([])
    expect(run.outputs['dag-run-id']).toBeUndefined()
    expect(summaryAsText(run.summary)).toContain(
      'MWAA Serverless trigger, dry run: ✅ Run would be started'
    )
  })
})
