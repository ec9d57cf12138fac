import {
  leaveApiPathEmpty,
  rateLimited,
  type AppProfile,
  type DiagnosisContext,
  type ResponseSituation
} from '../../diagnosis/index.js'
import { isDuplicateRun } from './airflow-answers.js'

/** The remedy for a path where Airflow's REST API is not. */
function wrongPath(context: DiagnosisContext): string {
  return context.apiSource === 'default'
    ? 'Check `base-url`: the server did not say which Airflow REST API it serves (neither `/api/v2/version` nor `/api/v1/version` answered), so it is not the address the API is served under; or set `api-path` (Airflow 2 serves `/api/v1`, Airflow 3 `/api/v2`).'
    : `Check \`api-path\`: Airflow 2 serves \`/api/v1\`, Airflow 3 \`/api/v2\`.${leaveApiPathEmpty(context)}`
}

/** What to do about an answer Airflow itself gave. */
function airflowRemedies(situation: ResponseSituation): string[] {
  const { context, status, headers, app } = situation
  const said = app?.summary ? ` (${app.summary})` : ''
  const duplicate =
    'A run with this logical date or run id already exists for the DAG (Airflow does not always say which): trigger with another `logical-date` or `dag-run-id`, or set `on-duplicate: reuse` to accept the existing run.'
  const dagMissing =
    "Airflow does not know the DAG: check `dag-id`, that the DAG file parses without import errors, and that the token's user can see it."
  if (isDuplicateRun(status, app?.said)) return [duplicate]
  // Airflow 3.2's refusals that the DAG itself decides (trigger_dag_run's ValueError, 400).
  if (status === 400 && /does not allow manual runs/i.test(app?.said ?? '')) {
    return [
      "The DAG's author limited the runs it takes (`allowed_run_types`) and left out `manual`, the type of every run triggered through the REST API: only they can allow it, in the DAG's definition. Until then the DAG runs from its schedule."
    ]
  }
  if (status === 400 && /partition/i.test(app?.said ?? '')) {
    return [
      `Airflow refused the partition key${said}: only a DAG with a partitioned schedule (Airflow 3.2+) takes one. Remove \`partition-key\`, or ask the DAG's author whether it is meant to be partitioned.`
    ]
  }
  if (status === 400) {
    return [
      `Airflow rejected the request${said}: common causes are a DAG with import errors, or a run id with characters outside \`A-Za-z0-9_.~:+-\` (such as a \`/\` from a branch name) or starting with \`scheduled__\`.`
    ]
  }
  const newToken =
    'create a new one (Airflow 3: `POST /auth/token`) and update the secret passed as `token`, or give `username` and `password` so that the action fetches a fresh token on every run'
  if (status === 401 && /token expired/i.test(app?.said ?? '')) {
    return [`The token has expired (Airflow 3 tokens live for a limited time): ${newToken}.`]
  }
  if (status === 401) {
    return [
      `The token is invalid or expired: ${newToken}; Airflow 2.x deployments often expect Basic authentication instead, depending on their \`auth_backends\`.`
    ]
  }
  // Airflow 3 answers 403 "Invalid JWT token" when it cannot decode or verify a token (another
  // deployment's secret, an Airflow 2 token, garbage): no permission would help that. Its 403
  // for a missing permission says "Forbidden" (api_fastapi/core_api/security.py in apache/airflow).
  if (status === 403 && /invalid jwt|jwt token/i.test(app?.said ?? '')) {
    return [
      `Airflow could not verify the token: it was issued by another deployment or is not an Airflow 3 token at all. ${newToken.charAt(0).toUpperCase()}${newToken.slice(1)}.`
    ]
  }
  if (status === 403) {
    return [
      "The token's user may not trigger this DAG: grant its role edit permission on the DAG and create permission on DAG runs, or use a token of a user who has them."
    ]
  }
  if (status === 404) {
    return /\bdag\b/i.test(app?.said ?? '')
      ? [dagMissing, wrongPath(context)]
      : [wrongPath(context), dagMissing]
  }
  if (status === 422) {
    return [
      `Airflow rejected the request body${said}: fix the named field; \`logical_date\` must carry a time zone, and fields Airflow does not know are refused.`
    ]
  }
  if (status === 429) return [rateLimited('Airflow', headers)]
  if (status >= 500) {
    return [
      'Airflow failed while handling the request: read the logs of its API server (Airflow 3) or webserver (Airflow 2), and re-run once it is fixed.'
    ]
  }
  return [
    `Airflow answered ${status}${said}; the request reached Airflow, so no CDN rule is involved.`
  ]
}

/** Airflow, as the diagnosis of its answers knows it. */
export const airflowProfile: AppProfile = {
  name: 'Airflow',
  item: 'dag run',
  collection: '/dags/<dag-id>/dagRuns',
  backend: 'the Airflow API server',
  absentMarks: 'no `X-RateLimit-*` headers and no Airflow JSON body',
  // An API server needs no CDN: it is served without one, rather than the CDN turned off.
  cdnBypass: 'serve-api-apart',
  credentialsRuledOut: {
    refusedBy: who =>
      `The token is not the cause: ${who} refused the request before Airflow could check it.`,
    unseen: 'The token is not the cause: Airflow never saw the request.'
  },
  wrongPath,
  remedies: airflowRemedies
}
