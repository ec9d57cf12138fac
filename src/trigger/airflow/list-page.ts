import { count } from '../../http/json-fields.js'

/**
 * One page of an Airflow list, read alike whatever its pagination. Offset pagination, the default,
 * counts every match in `total_entries`. Cursor pagination (Airflow 3.2.2+: get_dag_runs,
 * apache/airflow#65604; get_task_instances, #64845) answers `next_cursor`, null on the last page,
 * and `previous_cursor`, and no total.
 */
interface ListPage {
  items: unknown[]
  /** Every match, beyond this page too, when the server counted them. */
  total?: number
  /** Whether more follow this page, from the total or the cursor; undefined when neither says. */
  more?: boolean
}

/** The page in an answer whose `field` holds the items, or undefined when it is not a list. */
export function readListPage(
  json: Record<string, unknown> | undefined,
  field: string
): ListPage | undefined {
  const items = json?.[field]
  if (!Array.isArray(items)) return undefined
  const total = count(json?.total_entries)
  const cursor = json?.next_cursor
  const more =
    total !== undefined
      ? total > items.length
      : typeof cursor === 'string' && cursor !== ''
        ? true
        : cursor === null
          ? false
          : undefined
  return {
    items,
    ...(total === undefined ? {} : { total }),
    ...(more === undefined ? {} : { more })
  }
}
