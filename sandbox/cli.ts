import { parseArgs } from 'node:util'
import { startMwaaStandIn, type MwaaStandIn } from './mwaa.js'
import { startSandbox } from './server.js'
import { startServerlessStandIn, type ServerlessStandIn } from './serverless.js'
import type { CdnSettings, DuplicateStyle, SandboxOptions } from './types.js'

const USAGE = `usage: tsx sandbox/cli.ts [options]
  --port N                   listen port (default: a free port)
  --airflow-api-path P       Airflow API prefix, repeatable (default /api/v1 and /api/v2)
  --duplicate-style S        spec400 | airflow2 | airflow3 (default spec400)
  --run-start-ms N           queued -> running after N ms (default 300)
  --run-duration-ms N        running -> success/failed N ms after creation (default 900)
  --task T                   a task of every run, repeatable, in order (default extract, transform, load, publish)
  --failing-task T           the task that fails in fails_dag's runs (default transform)
  --tasks N                  a large DAG: every run has N tasks, task_001 … (instead of --task)
  --paused-dag D             DAG D is paused: its runs stay queued until it is unpaused, repeatable
  --import-error-dag D       DAG D's file does not import: readable, not triggerable, repeatable
  --token-lifetime-ms N      bearer tokens expire N ms after their first use (default: never)
  --airflow-release V        the Airflow release /api/v2 (3.x) or /api/v1 (2.x) says and behaves as,
                             repeatable (default 3.0.6 and 2.10.5; 3.2 adds allowed_run_types and
                             partition keys, 3.3 awaiting_input, 2.5 setNote)
  --cursor-lists             Airflow 3's GET lists answer cursor pages (next_cursor, no total_entries)
  --wp-api-path P            WordPress API prefix, repeatable (default /cms-json/cms/v2 and /wp-json/wp/v2)
  --rest-disabled            every WordPress REST path answers 404 rest_no_route
  --discard-bodies           count and hash uploads without keeping them
  --client-side-media        WordPress 7.1 with client-side media processing, pretty permalinks:
                             image_sizes in the REST index, media sideload and finalize
  --rate-limit-429 N         the next N media POSTs get 429
  --worker-cap N             at most N media POSTs at once; one more gets 508 (a shared host's cap)
  --cdn                      put the CDN in front (implied by any --cdn-* flag)
  --cdn-name NAME            the CDN's server header (default hcdn)
  --cdn-edge ID              edge node id in x-cdn-request-id (default edge-ams-3)
  --cdn-pass-posts N         guarded POSTs that pass before the block (default 3)
  --cdn-block-all            block every guarded POST
  --cdn-block-triggers       guard trigger POSTs too
  --mwaa                     also start the Amazon MWAA stand-in (InvokeRestApi) in front of Airflow
  --mwaa-refuse TYPE         the stand-in refuses every call as AWS does, e.g. AccessDeniedException,
                             ResourceNotFoundException, ThrottlingException (implies --mwaa)
  --serverless               also start the Amazon MWAA Serverless stand-in (StartWorkflowRun, …)
  --help`

const DUPLICATE_STYLES: readonly DuplicateStyle[] = ['spec400', 'airflow2', 'airflow3']

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      'airflow-api-path': { type: 'string', multiple: true },
      'duplicate-style': { type: 'string' },
      'run-start-ms': { type: 'string' },
      'run-duration-ms': { type: 'string' },
      task: { type: 'string', multiple: true },
      tasks: { type: 'string' },
      'paused-dag': { type: 'string', multiple: true },
      'import-error-dag': { type: 'string', multiple: true },
      'failing-task': { type: 'string' },
      'token-lifetime-ms': { type: 'string' },
      'airflow-release': { type: 'string', multiple: true },
      'cursor-lists': { type: 'boolean' },
      'wp-api-path': { type: 'string', multiple: true },
      'rest-disabled': { type: 'boolean' },
      'discard-bodies': { type: 'boolean' },
      'client-side-media': { type: 'boolean' },
      'rate-limit-429': { type: 'string' },
      'worker-cap': { type: 'string' },
      cdn: { type: 'boolean' },
      'cdn-name': { type: 'string' },
      'cdn-edge': { type: 'string' },
      'cdn-pass-posts': { type: 'string' },
      'cdn-block-all': { type: 'boolean' },
      'cdn-block-triggers': { type: 'boolean' },
      mwaa: { type: 'boolean' },
      'mwaa-refuse': { type: 'string' },
      serverless: { type: 'boolean' },
      help: { type: 'boolean' }
    }
  }).values
}

type Flags = ReturnType<typeof parse>

function count(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${flag} needs a whole number, got '${value}'`)
  return n
}

function duplicateStyle(value: string | undefined): DuplicateStyle | undefined {
  if (value === undefined) return undefined
  const style = DUPLICATE_STYLES.find(candidate => candidate === value)
  if (!style) throw new Error(`--duplicate-style must be one of ${DUPLICATE_STYLES.join(', ')}`)
  return style
}

function cdnOption(flags: Flags): Partial<CdnSettings> | undefined {
  const cdn: Partial<CdnSettings> = {
    name: flags['cdn-name'],
    edge: flags['cdn-edge'],
    passPosts: count('cdn-pass-posts', flags['cdn-pass-posts']),
    blockAll: flags['cdn-block-all'],
    blockTriggers: flags['cdn-block-triggers']
  }
  const anyCdnFlag = flags.cdn === true || Object.values(cdn).some(value => value !== undefined)
  return anyCdnFlag ? cdn : undefined
}

/** The tasks of every run: those named, or N made-up ones for a large DAG. */
function taskList(named: string[] | undefined, many: number | undefined): string[] | undefined {
  if (named && many !== undefined) throw new Error('--task and --tasks: give one or the other')
  if (many === undefined) return named
  if (many < 1 || many > 5000) throw new Error(`--tasks needs 1 to 5000, got ${many}`)
  return Array.from({ length: many }, (_, i) => `task_${String(i + 1).padStart(3, '0')}`)
}

/** AWS's refusals the stand-in can give, with the status AWS answers them with. */
const MWAA_REFUSALS: Record<string, { status: number; message: string }> = {
  AccessDeniedException: {
    status: 403,
    message: 'User is not authorized to perform: airflow:InvokeRestApi'
  },
  ResourceNotFoundException: { status: 404, message: 'Environment not found.' },
  ValidationException: { status: 400, message: 'Invalid request.' },
  ThrottlingException: { status: 429, message: 'Rate exceeded' },
  ExpiredTokenException: {
    status: 403,
    message: 'The security token included in the request is expired'
  },
  InternalServerException: { status: 500, message: 'Internal server error.' }
}

function mwaaRefusal(type: string | undefined) {
  if (type === undefined) return undefined
  const known = MWAA_REFUSALS[type]
  if (!known) {
    throw new Error(
      `--mwaa-refuse must be one of ${Object.keys(MWAA_REFUSALS).join(', ')}, got ${type}`
    )
  }
  return { type, ...known }
}

/** `3.3.0` for /api/v2, `2.4.3` for /api/v1, by their major version. */
function releases(values: string[] | undefined): { 2?: string; 3?: string } | undefined {
  if (!values) return undefined
  const byMajor: { 2?: string; 3?: string } = {}
  for (const value of values) {
    if (/^2\.\d+/.test(value)) byMajor[2] = value
    else if (/^3\.\d+/.test(value)) byMajor[3] = value
    else
      throw new Error(
        `--airflow-release: expected a 2.x or 3.x release such as 3.3.0, got ${value}`
      )
  }
  return byMajor
}

function toOptions(flags: Flags): SandboxOptions {
  return {
    port: count('port', flags.port),
    airflow: {
      apiPaths: flags['airflow-api-path'],
      duplicateStyle: duplicateStyle(flags['duplicate-style']),
      runStartMs: count('run-start-ms', flags['run-start-ms']),
      runDurationMs: count('run-duration-ms', flags['run-duration-ms']),
      tasks: taskList(flags.task, count('tasks', flags.tasks)),
      pausedDags: flags['paused-dag'],
      importErrorDags: flags['import-error-dag'],
      failingTask: flags['failing-task'],
      tokenLifetimeMs: count('token-lifetime-ms', flags['token-lifetime-ms']),
      releases: releases(flags['airflow-release']),
      cursorLists: flags['cursor-lists']
    },
    wordpress: {
      apiPaths: flags['wp-api-path'],
      restDisabled: flags['rest-disabled'],
      discardBodies: flags['discard-bodies'],
      ...(flags['client-side-media']
        ? { clientSideMedia: true, permalinks: 'pretty' as const }
        : {}),
      rateLimit429: count('rate-limit-429', flags['rate-limit-429']),
      workerCap: count('worker-cap', flags['worker-cap'])
    },
    cdn: cdnOption(flags)
  }
}

function describeMwaa(mwaa: MwaaStandIn): void {
  console.error(
    [
      `mwaa stand-in on ${mwaa.url}: environment ${mwaa.environment}, region ${mwaa.region}; set`,
      `  AWS_ENDPOINT_URL_MWAA=${mwaa.url} AWS_REGION=${mwaa.region}`,
      `  AWS_ACCESS_KEY_ID=${mwaa.keys.accessKeyId} AWS_SECRET_ACCESS_KEY=${mwaa.keys.secretAccessKey}`,
      `  AWS_SESSION_TOKEN=${mwaa.keys.sessionToken ?? ''}`
    ].join('\n')
  )
}

function describeServerless(serverless: ServerlessStandIn): void {
  const { succeeds, fails } = serverless.workflows
  console.error(
    [
      `mwaa serverless stand-in on ${serverless.url}, region ${serverless.region}; workflows`,
      `  ${succeeds.arn} (its runs succeed)`,
      `  ${fails.arn} (its task transform fails)`,
      'set',
      `  AWS_ENDPOINT_URL_MWAA_SERVERLESS=${serverless.url}`,
      `  AWS_ACCESS_KEY_ID=${serverless.keys.accessKeyId} AWS_SECRET_ACCESS_KEY=${serverless.keys.secretAccessKey}`,
      `  AWS_SESSION_TOKEN=${serverless.keys.sessionToken ?? ''}`
    ].join('\n')
  )
}

async function main(): Promise<void> {
  const flags = parse(process.argv.slice(2))
  if (flags.help) {
    console.log(USAGE)
    return
  }
  // Every flag is read before anything listens: a bad one leaves nothing running.
  const refusal = mwaaRefusal(flags['mwaa-refuse'])
  const sandbox = await startSandbox(toOptions(flags))
  const { airflow, wordpress, cdn } = sandbox.settings
  // stdout carries exactly one line so scripts can read the address; the rest goes to stderr.
  console.log(`sandbox listening on ${sandbox.url}`)
  console.error(
    [
      'demo credentials:',
      `  airflow bearer token: ${airflow.tokens.join(', ')} (read-only: ${airflow.noPermissionTokens.join(', ')})`,
      `  wordpress user: ${wordpress.user}  application password: ${wordpress.appPassword}`,
      `  airflow api: ${airflow.apiPaths.join(', ')}  wordpress api: ${wordpress.apiPaths.join(', ')}`,
      `  cdn: ${cdn ? `${cdn.name} (passes ${cdn.passPosts} POSTs)` : 'off'}`
    ].join('\n')
  )
  const mwaa =
    flags.mwaa || refusal ? await startMwaaStandIn({ airflowUrl: sandbox.url }) : undefined
  if (mwaa && refusal) mwaa.refuse(refusal)
  if (mwaa) describeMwaa(mwaa)
  const serverless = flags.serverless ? await startServerlessStandIn() : undefined
  if (serverless) describeServerless(serverless)
  const stop = () => {
    for (const server of [mwaa, serverless, sandbox]) {
      server?.close().catch((error: unknown) => {
        console.error(error)
        process.exitCode = 1
      })
    }
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  console.error(USAGE)
  process.exitCode = 2
})
