/** Whether a request is the DAG read trigger mode sends before its POST (`GET …/dags/{dag_id}`). */
export function isDagRead(method: string | undefined, url: string | undefined): boolean {
  return method === 'GET' && /\/dags\/[^/?]+(?:\?|$)/.test(url ?? '')
}

/** A DAG that may be triggered, as Airflow 3 answers that read. */
export function triggerableDag(dagId: string): string {
  return JSON.stringify({
    dag_id: dagId,
    is_paused: false,
    has_import_errors: false,
    is_stale: false,
    max_active_runs: 16
  })
}
