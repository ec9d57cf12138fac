// The floor: the least a Node script does to create an Airflow DAG run, with node:http only.
// CommonJS on purpose: an ESM `import 'node:http'` builds the module namespace, which on Node 22+
// evaluates http's lazy WebSocket getters and so loads Node's internal undici (~20 ms);
// require() does not. Reads AIRFLOW_URL, AIRFLOW_TOKEN, DAG_ID and LOGICAL_DATE from the environment.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose, see above
const http = require('node:http')

const { AIRFLOW_URL, AIRFLOW_TOKEN, DAG_ID, LOGICAL_DATE } = process.env
const body = JSON.stringify({ dag_run_id: `github__${LOGICAL_DATE}`, logical_date: LOGICAL_DATE })
const req = http.request(`${AIRFLOW_URL}/api/v2/dags/${DAG_ID}/dagRuns`, {
  method: 'POST',
  headers: {
    Authorization: `Bearer ${AIRFLOW_TOKEN}`,
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body)
  }
})
req.on('response', res => {
  let text = ''
  res.setEncoding('utf8')
  res.on('data', chunk => (text += chunk))
  res.on('end', () => {
    if (res.statusCode < 200 || res.statusCode >= 300) {
      console.error(`HTTP ${res.statusCode}: ${text}`)
      process.exitCode = 1
    } else console.log(text)
  })
})
req.on('error', error => {
  console.error(error.message)
  process.exitCode = 1
})
req.end(body)
