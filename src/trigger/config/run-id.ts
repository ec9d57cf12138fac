/** Airflow's default `allowed_run_id_pattern`. */
const RUN_ID_PATTERN = /^[A-Za-z0-9_.~:+-]+$/
const RESERVED_PREFIX = 'scheduled__'
export const MAX_RUN_ID_LENGTH = 250

export function defaultRunId(prefix: string, logicalDate: string): string {
  return `${prefix}${logicalDate}`
}

/** Why a run id would be rejected by the server, or undefined when it is acceptable. */
export function runIdProblem(runId: string): string | undefined {
  if (runId.length > MAX_RUN_ID_LENGTH) {
    return `at most ${MAX_RUN_ID_LENGTH} characters, got ${runId.length}`
  }
  if (!RUN_ID_PATTERN.test(runId)) {
    const bad = [...new Set(runId.replace(/[A-Za-z0-9_.~:+-]/g, ''))].join('')
    return `only letters, digits and _ . ~ : + - (no "/": use a sanitized branch name), got ${JSON.stringify(bad)} in ${JSON.stringify(runId)}`
  }
  // Newer Airflow refuses `..` in a run id, which would read as a path where ids become paths;
  // and in our own URLs `.` or `..` as the run's path segment would be resolved away.
  if (runId === '.' || runId.includes('..')) {
    return `no "..", and not ".", got ${JSON.stringify(runId)}`
  }
  // The id is the dag-run-id output: a later step that echoes it would run `::name::` as a command.
  if (runId.startsWith('::')) {
    return `not to start with "::", which a step echoing the dag-run-id output would run as a workflow command`
  }
  if (runId.startsWith(RESERVED_PREFIX)) {
    return `not to start with "${RESERVED_PREFIX}", which the scheduler reserves for its own runs`
  }
  return undefined
}
