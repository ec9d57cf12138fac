import { parseAwareDate } from './airflow-dates.js'
import type { ReceivedBody } from './http.js'

export interface TriggerBody {
  dagRunId: string | null
  logicalMs: number | null
  conf: Record<string, unknown>
  note: string | null
  /** Airflow 3.2+'s `partition_key`. */
  partitionKey: string | null
}

/** One entry of FastAPI's 422 `detail` list. */
export interface FieldError {
  type: string
  loc: (string | number)[]
  msg: string
  input: unknown
  ctx?: Record<string, unknown>
}

export type BodyResult = { body: TriggerBody } | { errors: FieldError[] }

/**
 * Fields of Airflow 3's TriggerDAGRunPostBody; anything else is `extra_forbidden`. 3.2 adds
 * `partition_key`.
 */
const KNOWN_FIELDS = new Set([
  'dag_run_id',
  'data_interval_start',
  'data_interval_end',
  'logical_date',
  'run_after',
  'conf',
  'note'
])

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isJsonType(contentType: string): boolean {
  return /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(contentType)
}

function notAnObject(input: unknown): FieldError {
  return {
    type: 'model_attributes_type',
    loc: ['body'],
    msg: 'Input should be a valid dictionary or object to extract fields from',
    input
  }
}

type Decoded = { value: unknown } | { error: FieldError }

/** FastAPI parses a body without Content-Type as JSON and takes any other type as raw text. */
function decodeBody(raw: ReceivedBody, contentType: string | undefined): Decoded {
  const text = raw.bytes?.toString('utf8') ?? ''
  if (raw.size === 0) {
    return { error: { type: 'missing', loc: ['body'], msg: 'Field required', input: null } }
  }
  if (contentType !== undefined && !isJsonType(contentType)) return { error: notAnObject(text) }
  try {
    return { value: JSON.parse(text) as unknown }
  } catch (error) {
    const message = (error as Error).message
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? 0)
    return {
      error: {
        type: 'json_invalid',
        loc: ['body', position],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: message }
      }
    }
  }
}

function stringOrNull(body: JsonObject, field: string, errors: FieldError[]): string | null {
  const value = body[field]
  if (value === undefined || value === null || typeof value === 'string') return value ?? null
  errors.push({
    type: 'string_type',
    loc: ['body', field],
    msg: 'Input should be a valid string',
    input: value
  })
  return null
}

function logicalDate(body: JsonObject, errors: FieldError[]): number | null {
  const loc = ['body', 'logical_date']
  if (!('logical_date' in body)) {
    errors.push({ type: 'missing', loc, msg: 'Field required', input: body })
    return null
  }
  const value = body.logical_date
  if (value === null) return null
  const parsed = typeof value === 'string' ? parseAwareDate(value) : { error: 'invalid' as const }
  if ('ms' in parsed) return parsed.ms
  errors.push(
    parsed.error === 'naive'
      ? { type: 'timezone_aware', loc, msg: 'Input should have timezone info', input: value }
      : {
          type: 'datetime_from_date_parsing',
          loc,
          msg: 'Input should be a valid datetime or date, invalid datetime format',
          input: value
        }
  )
  return null
}

function conf(body: JsonObject, errors: FieldError[]): JsonObject {
  const value = body.conf
  if (value === undefined || value === null) return {}
  if (isObject(value)) return value
  errors.push({
    type: 'dict_type',
    loc: ['body', 'conf'],
    msg: 'Input should be a valid dictionary',
    input: value
  })
  return {}
}

function extraFields(body: JsonObject, partitionKey: boolean): FieldError[] {
  return Object.keys(body)
    .filter(key => !KNOWN_FIELDS.has(key) && !(partitionKey && key === 'partition_key'))
    .map(key => ({
      type: 'extra_forbidden',
      loc: ['body', key],
      msg: 'Extra inputs are not permitted',
      input: body[key]
    }))
}

/** Validates a trigger body the way Airflow 3's FastAPI model does, collecting every error. */
export function parseTriggerBody(
  raw: ReceivedBody,
  contentType: string | undefined,
  takes: { partitionKey: boolean }
): BodyResult {
  const decoded = decodeBody(raw, contentType)
  if ('error' in decoded) return { errors: [decoded.error] }
  if (!isObject(decoded.value)) return { errors: [notAnObject(decoded.value)] }
  const body = decoded.value
  const errors: FieldError[] = []
  const parsed: TriggerBody = {
    dagRunId: stringOrNull(body, 'dag_run_id', errors),
    logicalMs: logicalDate(body, errors),
    conf: conf(body, errors),
    note: stringOrNull(body, 'note', errors),
    partitionKey: takes.partitionKey ? stringOrNull(body, 'partition_key', errors) : null
  }
  // pydantic lists extra fields after the declared ones.
  errors.push(...extraFields(body, takes.partitionKey))
  return errors.length > 0 ? { errors } : { body: parsed }
}

/**
 * Every field of Airflow 2's DAGRun schema (api_connexion/schemas/dag_run_schema.py), the ones it
 * only writes out included: a body with any other field is refused.
 */
const AIRFLOW2_FIELDS = new Set([
  'dag_run_id',
  'dag_id',
  'logical_date',
  'execution_date',
  'start_date',
  'end_date',
  'data_interval_start',
  'data_interval_end',
  'last_scheduling_decision',
  'run_type',
  'state',
  'external_trigger',
  'conf',
  'note'
])

/**
 * What Airflow 2's POST …/dagRuns refuses in a JSON object before it looks for the DAG, as the
 * `detail` of its 400 problem; undefined for a body it takes. Airflow 2.10.5's words:
 * `'2025-05-03T00:00:00' is not a 'date-time' - 'logical_date'` (the OpenAPI schema),
 * `{'logical_date': ['Field may not be null.']}` and `{'partition_key': ['Unknown field.']}`
 * (marshmallow, which lists every field it refuses).
 */
export function airflow2BodyProblem(raw: ReceivedBody): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(raw.bytes?.toString('utf8') ?? '')
  } catch {
    return undefined
  }
  if (!isObject(body)) return undefined
  const date = body.logical_date
  if (typeof date === 'string' && 'error' in parseAwareDate(date)) {
    return `'${date}' is not a 'date-time' - 'logical_date'`
  }
  const refused: string[] = []
  if ('logical_date' in body && date === null)
    refused.push("'logical_date': ['Field may not be null.']")
  for (const key of Object.keys(body)) {
    if (!AIRFLOW2_FIELDS.has(key)) refused.push(`'${key}': ['Unknown field.']`)
  }
  return refused.length > 0 ? `{${refused.join(', ')}}` : undefined
}
