// `npm run demo`: the bundled action against the local sandbox, started the way the runner starts
// it. No server or account needed.
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startMwaaStandIn } from '../sandbox/mwaa.js'
import { startSandbox } from '../sandbox/server.js'
import { startServerlessStandIn } from '../sandbox/serverless.js'
import {
  actionNode,
  bundledAction,
  errorMessages,
  repoRoot,
  runAction,
  type ActionRun
} from '../test-support/run-action.js'
import { summaryAsText } from '../test-support/summary-text.js'
import {
  CMS_BEHIND_CDN,
  DEMO_IMAGES,
  demoTrigger,
  headCommit,
  triggerForCommit,
  uploadThroughCdn
} from './demo-runs.js'

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text)

const FOLD = '<details><summary>Details</summary>'

/** The summary as a reader first sees it: the Details fold closed, its content left out. */
function foldedDetails(html: string): string {
  const start = html.indexOf(FOLD)
  if (start < 0) return html
  // The fold ends at the </details> that closes it, past any fold inside it.
  let depth = 0
  for (const match of html.slice(start).matchAll(/<(\/?)details>/g)) {
    depth += match[1] ? -1 : 1
    if (depth > 0) continue
    const end = start + match.index + match[0].length
    return `${html.slice(0, start)}<p>▸ Details (folded)</p>${html.slice(end)}`
  }
  return html
}

function show(title: string, run: ActionRun): void {
  console.log(`\n${bold(`━━ ${title}`)}`)
  console.log(
    `exit code ${run.exitCode} (${run.exitCode === 0 ? 'step succeeded' : 'step failed'})`
  )
  const errors = errorMessages(run)
  if (errors) console.log(`error: ${errors.replace(/\n/g, '\n       ')}`)
  console.log(bold('outputs:'))
  for (const [name, value] of Object.entries(run.outputs)) console.log(`  ${name} = ${value}`)
  console.log(bold('job summary:'))
  console.log(summaryAsText(foldedDetails(run.summary)).replace(/^/gm, '  '))
}

/** The log lines of the wait group, without the runner's commands. */
function watchLines(stdout: string): string {
  const group = stdout.split('::group::Wait for ')[1]?.split('::endgroup::')[0] ?? ''
  return group
    .split('\n')
    .slice(1)
    .filter(line => line !== '' && !line.startsWith('::'))
    .join('\n')
}

/**
 * MWAA Serverless's own API, played by a loopback stand-in that checks each signature: a run of a
 * workflow whose task fails, waited for.
 */
async function demoServerless(env: Record<string, string>, sha: string | undefined): Promise<void> {
  const serverless = await startServerlessStandIn()
  try {
    const workflow = serverless.workflows.fails.arn
    console.log(`\nAmazon MWAA Serverless stand-in on ${serverless.url} (workflow ${workflow})`)
    const run = await runAction({
      inputs: {
        mode: 'trigger',
        'mwaa-serverless-workflow': workflow,
        conf: '{"source": "demo"}',
        wait: 'true',
        'poll-interval-seconds': '0.3',
        ...(sha ? {} : { 'logical-date': new Date().toISOString() })
      },
      env: {
        ...env,
        AWS_ACCESS_KEY_ID: serverless.keys.accessKeyId,
        AWS_SECRET_ACCESS_KEY: serverless.keys.secretAccessKey,
        AWS_SESSION_TOKEN: serverless.keys.sessionToken ?? '',
        AWS_ENDPOINT_URL_MWAA_SERVERLESS: serverless.url
      },
      cwd: repoRoot
    })
    show('7. Start an MWAA Serverless workflow whose task fails, and wait for it', run)
  } finally {
    await serverless.close()
  }
}

async function main(): Promise<void> {
  const airflow = await startSandbox()
  // A WordPress that announces its REST API, as a real one does: the upload finds /wp-json/wp/v2.
  const cms = await startSandbox(CMS_BEHIND_CDN)
  const workspace = await mkdtemp(path.join(tmpdir(), 'demo-'))
  try {
    console.log(
      `Sandbox Airflow REST API on ${airflow.url}, sandbox WordPress behind a CDN on ${cms.url}`
    )
    const version = execFileSync(actionNode, ['--version'], { encoding: 'utf8' }).trim()
    const action = path.relative(process.cwd(), bundledAction)
    console.log(`Running ${action} on Node ${version}, as the Actions runner does.`)
    const sha = headCommit()
    const { inputs: trigger, env } = demoTrigger(airflow.url, sha)
    show('1. Trigger a run for this commit', await triggerForCommit(airflow.url, sha))
    show(
      '2. Re-run for the same commit (on-duplicate: fail)',
      await runAction({ inputs: trigger, env, cwd: repoRoot })
    )
    show(
      '3. Re-run with on-duplicate: reuse',
      await runAction({ inputs: { ...trigger, 'on-duplicate': 'reuse' }, env, cwd: repoRoot })
    )
    // Four tasks one after another over about 3 s; the second fails on its second try.
    airflow.configure({ airflow: { runStartMs: 500, runDurationMs: 3500 } })
    const waited = await runAction({
      inputs: {
        ...trigger,
        'dag-id': 'fails_dag',
        wait: 'true',
        'poll-interval-seconds': '0.5'
      },
      env,
      cwd: repoRoot
    })
    show('4. Trigger a DAG whose run fails, and wait for it', waited)
    console.log(bold('the wait, as the step log shows it:'))
    console.log(watchLines(waited.stdout).replace(/^/gm, '  '))

    const images = Object.keys(DEMO_IMAGES).length
    console.log(
      `\nUploading ${images} images through a CDN that lets 2 POSTs through, then answers 405;`
    )
    console.log(
      'the blocked file is tried 3 times, 3 s × attempt + 0–2 s apart, in case it is passing throttling…'
    )
    show('5. Upload through a CDN that starts blocking', await uploadThroughCdn(cms.url, workspace))

    // MWAA's InvokeRestApi, played by a loopback stand-in that checks each SigV4 signature and
    // relays to the same Airflow sandbox; AWS's SDK convention points the action at it.
    const mwaa = await startMwaaStandIn({ airflowUrl: airflow.url })
    try {
      console.log(`\nAmazon MWAA stand-in on ${mwaa.url} (environment ${mwaa.environment})`)
      const viaMwaa = await runAction({
        inputs: {
          mode: 'trigger',
          'mwaa-environment': mwaa.environment,
          'ui-url': 'https://mwaa-ui.example.com',
          'dag-id': 'etl_nightly',
          ...(sha ? {} : { 'logical-date': new Date().toISOString() })
        },
        env: {
          ...env,
          AWS_ACCESS_KEY_ID: mwaa.keys.accessKeyId,
          AWS_SECRET_ACCESS_KEY: mwaa.keys.secretAccessKey,
          AWS_SESSION_TOKEN: mwaa.keys.sessionToken ?? '',
          AWS_REGION: mwaa.region,
          AWS_ENDPOINT_URL_MWAA: mwaa.url
        },
        cwd: repoRoot
      })
      show('6. Trigger through Amazon MWAA (InvokeRestApi, SigV4)', viaMwaa)
    } finally {
      await mwaa.close()
    }
    await demoServerless(env, sha)
  } finally {
    await Promise.all([
      airflow.close(),
      cms.close(),
      rm(workspace, { recursive: true, force: true })
    ])
  }
}

await main()
