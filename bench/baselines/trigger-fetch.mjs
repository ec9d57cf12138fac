// The same POST as trigger-http.cjs with the global fetch (undici inside Node).
const { AIRFLOW_URL, AIRFLOW_TOKEN, DAG_ID, LOGICAL_DATE } = process.env
const response = await fetch(`${AIRFLOW_URL}/api/v2/dags/${DAG_ID}/dagRuns`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${AIRFLOW_TOKEN}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({ dag_run_id: `github__${LOGICAL_DATE}`, logical_date: LOGICAL_DATE })
})
const text = await response.text()
if (!response.ok) {
  console.error(`HTTP ${response.status}: ${text}`)
  process.exitCode = 1
} else console.log(text)
