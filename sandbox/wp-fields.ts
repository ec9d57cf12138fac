/**
 * WordPress's `_fields`, as real WordPress applies it to a media item. The attachments controller
 * computes `media_details` only when `_fields` names it whole (`in_array( 'media_details', $fields,
 * true )` in WP_REST_Attachments_Controller::prepare_item_for_response); then
 * `rest_filter_response_fields` (wp-includes/rest-api.php) keeps the fields named, a dotted name
 * keeping only that part of a nested field.
 */
export function applyFields(
  item: Record<string, unknown>,
  param: string | null
): Record<string, unknown> {
  if (param === null) return item
  const fields = fieldList(param)
  if (fields.length === 0) return item
  const computed = fields.includes('media_details')
    ? item
    : Object.fromEntries(Object.entries(item).filter(([key]) => key !== 'media_details'))
  return pick(computed, tree(fields))
}

function fieldList(param: string): string[] {
  return param
    .split(',')
    .map(field => field.trim())
    .filter(Boolean)
}

/**
 * rest_filter_response_fields() alone, as the REST index is filtered: the fields named, a dotted
 * name keeping only that part of a nested field (`routes./wp/v2/media`).
 */
export function filterFields(
  value: Record<string, unknown>,
  param: string | null
): Record<string, unknown> {
  const fields = fieldList(param ?? '')
  return fields.length ? pick(value, tree(fields)) : value
}

type Tree = { [key: string]: Tree | true }

/** The fields as WordPress nests them: a parent named whole takes in every dotted child. */
function tree(fields: string[]): Tree {
  const root: Tree = {}
  for (const field of fields) {
    const parts = field.split('.')
    let node = root
    let whole = false
    for (const part of parts.slice(0, -1)) {
      const next = node[part]
      if (next === true) {
        whole = true
        break
      }
      node = node[part] = next ?? {}
    }
    if (!whole) node[parts.at(-1)!] = true
  }
  return root
}

function pick(value: Record<string, unknown>, keep: Tree): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const [key, rule] of Object.entries(keep)) {
    if (!(key in value)) continue
    const child = value[key]
    kept[key] =
      rule === true || typeof child !== 'object' || child === null || Array.isArray(child)
        ? child
        : pick(child as Record<string, unknown>, rule)
  }
  return kept
}
