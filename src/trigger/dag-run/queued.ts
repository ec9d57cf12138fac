import { diagnose } from '../../diagnosis/index.js'
import { agrees, counted } from '../../log/words.js'
import { isRenewalRefused, type AirflowApi, type AirflowRead } from '../airflow/airflow-api.js'
import { quoteAnswer } from '../airflow/airflow-answers.js'
import { parseDag, parseRunList } from '../airflow/dag-answer.js'

/** Run ids named at most in that line. */
const NAMED_RUNS = 5

/**
 * One line on why run `dagRunId` is still queued, from what the API tells: its DAG paused
 * meanwhile, max_active_runs reached by running runs (named), or nothing visible.
 */
export async function explainQueued(
  api: AirflowApi,
  dagId: string,
  dagRunId: string
): Promise<string> {
  const still = `Run ${dagRunId} is still queued`
  const dagResult = await api.getDag()
  const dagRead = readJson(api, dagResult)
  if (!dagRead.ok) return `${still}; why could not be read (DAG ${dagId}: ${dagRead.why}).`
  const dag = parseDag(dagRead.json, dagId, api.location.version)
  if (dag.kind === 'unreadable') return `${still}; why could not be read (${dag.why}).`
  if (dag.dag.isPaused) {
    return `${still}: DAG ${dagId} was paused meanwhile, and its runs start only once someone unpauses it.`
  }
  const max = dag.dag.maxActiveRuns
  const listed = readJson(
    api,
    await api.listRuns({ states: ['running'], limit: Math.min(Math.max(max ?? 0, 1), 100) })
  )
  const running = listed.ok ? parseRunList(listed.json) : undefined
  if (!running) {
    const why = listed.ok ? 'not a list of runs' : listed.why
    return `${still}; DAG ${dagId} is not paused, and its running runs could not be listed (${why}).`
  }
  // This run is queued, so every run listed is another one.
  const { count } = running
  const atLeast = running.atLeast ? 'at least ' : ''
  const runs = (noun: string) => `${atLeast}${counted(count, noun)}`
  const others = running.runIds
  if (typeof max === 'number' && max > 0 && count >= max) {
    const named = others.slice(0, NAMED_RUNS).join(', ')
    const more = running.atLeast
      ? ' and more'
      : count > NAMED_RUNS
        ? ` and ${count - NAMED_RUNS} more`
        : ''
    return `${still}: DAG ${dagId} allows ${counted(max, 'active run')} at a time (max_active_runs), and ${runs('other run')} ${agrees(count, 'is', 'are')} running: ${named}${more}. It starts when one of them ends.`
  }
  return `${still}, with nothing in the API to say why (DAG ${dagId} is not paused, ${runs('run')} running${typeof max === 'number' ? ` of max_active_runs ${max}` : ''}): the scheduler has not picked it up. Check that Airflow's scheduler is running and has free slots.`
}

type JsonRead = { ok: true; json: Record<string, unknown> | undefined } | { ok: false; why: string }

function readJson(api: AirflowApi, read: AirflowRead): JsonRead {
  if (isRenewalRefused(read)) return { ok: false, why: read.renewalRefused.message }
  const result = read
  const verdict = diagnose(result, api.context('GET'))
  if ('response' in result && result.response.status === 200)
    return { ok: true, json: verdict.json }
  return { ok: false, why: quoteAnswer(result, verdict) }
}
