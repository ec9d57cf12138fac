/**
 * The default run id through MWAA: the prefix and the logical date in ISO 8601's basic form,
 * `github__20260131T120000Z` (24 characters with the default prefix, 4 fewer than
 * `github__2026-01-31T12:00:00Z`), so that `/dags/{dag_id}/dagRuns/{run_id}` keeps within
 * InvokeRestApi's 64 characters for DAG ids of up to 25.
 */
export function compactRunId(prefix: string, logicalDate: string): string {
  return `${prefix}${logicalDate.replace(/[-:]/g, '')}`
}
