import { log } from '../../log/log.js'
import { addSecret } from '../../log/secrets.js'
import { inline } from '../../summary/html.js'
import type { BackendContext, ServiceWords, TriggerBackend } from '../backend/backend.js'
import type { ServerlessConfig } from '../config/serverless.js'
import { loadSigner } from '../mwaa/sign.js'
import { FINAL_RUN_STATES } from './api/answers.js'
import { CallLog } from './api/calls.js'
import { serverlessClient } from './api/client.js'
import { clientToken } from './client-token.js'
import { runConsoleUrl } from './console-link.js'
import { checkWouldStart } from './dry-run.js'
import { pollWorkflowRun } from './poll.js'
import { serverlessSettings } from './api/settings.js'
import { startRun } from './start-run.js'
import { stopWorkflowRun } from './stop-run.js'
import { reportTasks } from './tasks.js'

const WORDS: ServiceWords = {
  title: 'MWAA Serverless trigger',
  service: 'MWAA Serverless',
  pageIn: 'the AWS console',
  made: 'started',
  runs: 'workflow',
  dryRun:
    'Dry run: nothing was started. The workflow was looked up (GetWorkflow); no run was sent.',
  // ListTaskInstances names no log; the console shows each task's, from the workflow's log group.
  afterFailedTasks: [
    "Open the run in the AWS console to read why its tasks failed: their logs are in the workflow's CloudWatch log group, not linked here.",
    'Once it is fixed, a new run needs another <code>run-id-prefix</code> or another commit: the same commit gets this run back while the service keeps its ClientToken.'
  ]
}

/**
 * A workflow run on Amazon MWAA Serverless: the credentials masked, the signer loaded, the client
 * made and this commit's ClientToken worked out; nothing sent yet.
 */
export async function serverlessBackend(
  config: ServerlessConfig,
  context: BackendContext
): Promise<TriggerBackend> {
  const { date, retryDeps, signal } = context
  const { workflow } = config
  const settings = serverlessSettings(workflow, context.env)
  const { credentials } = settings
  addSecret(credentials.accessKeyId)
  addSecret(credentials.secretAccessKey)
  if (credentials.sessionToken) addSecret(credentials.sessionToken)
  // SigV4's signing name of mwaa-serverless 2024-07-26 (aws.auth#sigv4 "airflow-serverless").
  const sign = await loadSigner(workflow.region, credentials, addSecret, 'airflow-serverless')
  const client = serverlessClient({
    settings,
    sign,
    timeoutMs: config.timeoutMs,
    maxAttempts: config.maxAttempts,
    retry: retryDeps,
    signal
  })
  const token = clientToken(workflow.arn, date.logicalDate, config.runIdPrefix)
  log.info(`MWAA Serverless workflow ${workflow.name} in ${workflow.region}, at ${client.host}.`)
  const calls = new CallLog(client)
  const base = { dagId: workflow.name, logicalDate: date.logicalDate, dateSource: date }
  const run = (runId: string) => ({ workflowArn: workflow.arn, runId })

  return {
    words: WORDS,
    finalStates: FINAL_RUN_STATES,
    // The logical date only names the run (its ClientToken): the service starts it at once.
    runHasLogicalDate: false,
    create: () =>
      log.group(`Start ${workflow.name}`, () => {
        if (config.dryRun) return checkWouldStart(calls, workflow.arn, token, base)
        log.info(
          `StartWorkflowRun with ClientToken ${token} (from "run-id-prefix" and the logical date: a re-run of this commit gets the same run back).`
        )
        return startRun(
          calls,
          {
            workflowArn: workflow.arn,
            clientToken: token,
            maxAttempts: config.maxAttempts,
            base,
            ...(config.conf ? { conf: config.conf } : {})
          },
          { ...retryDeps, signal }
        )
      }),
    runUrl: runId => runConsoleUrl(workflow, runId),
    watcher: (runId, leftMs) => ({
      poll: () => pollWorkflowRun(client, run(runId), leftMs),
      problemTasks: () => reportTasks(client, run(runId), leftMs)
    }),
    stop: runId => stopWorkflowRun(client, run(runId)),
    facts: () => ({
      words: WORDS,
      where: [
        ['Workflow', `<code>${inline(workflow.arn, 2100)}</code>`],
        ['Endpoint', `<code>${inline(client.host)}</code> (MWAA Serverless API)`]
      ],
      more: [
        [
          'ClientToken',
          `<code>${inline(token)}</code> (from <code>run-id-prefix</code> and the logical date: a re-run of this commit gets this run back)`
        ]
      ],
      notices: []
    }),
    peers: () => client.peers(),
    close: () => client.close()
  }
}
