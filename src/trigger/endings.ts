import { cancelledBy, cancelledLine } from '../cancel/cancellation.js'
import { OUTPUT } from '../inputs/names.js'
import { log } from '../log/log.js'
import { setOutput } from '../log/output.js'
import { verdictLines } from '../summary/diagnosis-block.js'
import { setDiagnosisOutputs } from '../summary/outputs.js'
import type { AirflowApi } from './airflow/airflow-api.js'
import type { TriggerReport } from './create/report.js'
import type { TriggerRun } from './trigger-run.js'
import { formatDuration } from '../log/duration.js'
import { stopRun } from './watch/stop-run.js'
import type { Watched } from './watch/watch-run.js'

// The two ends of a trigger that are not the run's own: a dry run's, and a cancel's.

/** After a cancel: what it left of the created run, as the step's failure. */
export async function reportCancel(run: TriggerRun): Promise<void> {
  const by = cancelledBy(run.signal)
  if (!by) return
  const api = run.config.stopRunOnCancel ? run.api : undefined
  const after = await afterCancel(run.watched, run.dagRunId, api)
  run.cancelNote = after.note
  if (after.stopped) setOutput(OUTPUT.dagRunState, 'failed')
  const page = run.runUrl ? ` Run page: ${run.runUrl}` : ''
  log.fail(`${cancelledLine(by, run.cancelNote)}${page}`, 'Cancelled')
}

/** A dry run's end: the step fails where the real run would, and no run id is given out. */
export function reportDryRun(report: TriggerReport): void {
  setOutput(OUTPUT.logicalDate, report.logicalDate)
  setDiagnosisOutputs(report.verdict)
  if (report.outcome === 'failed' || report.outcome === 'could-not-tell') {
    log.fail(
      `Dry run: ${report.message}${report.verdict.remedies.length > 0 ? `\n${verdictLines(report.verdict)}` : ''}`,
      report.outcome === 'failed'
        ? 'Dry run: the run would not be created'
        : 'Dry run: could not tell whether the run would be created'
    )
  } else {
    log.info(`Dry run: ${report.message} Nothing was created.`)
  }
}

/**
 * What the cancel left of a created run, one or two sentences; with `api` (stop-run-on-cancel), a
 * run still waited for is marked failed first, and whether that worked is said.
 */
async function afterCancel(
  watched: Watched | undefined,
  dagRunId: string,
  api: AirflowApi | undefined
): Promise<{ note: string; stopped: boolean }> {
  const wait = watched?.wait
  if (wait?.end.kind !== 'cancelled') {
    const note = `Run ${dagRunId} was created; the step was cancelled after it had done its work.`
    return { note, stopped: false }
  }
  const waited = `Stopped waiting for run ${dagRunId} after ${formatDuration(wait.elapsedMs)} (last state: ${wait.state ?? 'unknown'}).`
  if (!api) {
    const note = `${waited} The run goes on in Airflow ("stop-run-on-cancel" is off).`
    return { note, stopped: false }
  }
  const { stopped, message } = await stopRun(api, dagRunId)
  return { note: `${waited} ${message}`, stopped }
}
