interface RequestIdParts {
  requestId: string
  edgeNode?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i
const LEADING_ID_GROUP = /^(?:[0-9a-f]{8,}|[0-9a-z]{16,})$/i
const FURTHER_ID_GROUP = /^[0-9a-f]{8,}$/i

/**
 * Splits a `<request_id>-<edge_node_id>` value (the spec's `x-cdn-request-id`, Hostinger's
 * `x-hcdn-request-id`, Cloudflare's `cf-ray`).
 *
 * Both halves may contain dashes (UUID request ids; edge nodes such as `edge-ams-3`), so the
 * split is not simply at the first or last dash. The request id is a leading UUID, or else the
 * leading dash-separated groups that look like an id: a first group of at least 8 hex digits (or
 * 16 letters and digits), then any further groups of at least 8 hex digits. The edge node is
 * everything after the dash that ends the id. When the id groups make up the whole value, the
 * split falls on the last dash. A bare UUID, or a value that does not start like an id, is kept
 * whole as the request id: no edge node is claimed when the value cannot be read safely.
 */
export function splitRequestId(raw: string): RequestIdParts {
  const value = raw.trim()
  const uuid = UUID.exec(value)
  if (uuid) {
    const rest = value.slice(uuid[0].length)
    return rest.length > 1 && rest.startsWith('-')
      ? { requestId: uuid[0], edgeNode: rest.slice(1) }
      : { requestId: value }
  }
  const groups = value.split('-')
  if (groups.length < 2 || !LEADING_ID_GROUP.test(groups[0] ?? '')) return { requestId: value }
  let idGroups = 1
  while (idGroups < groups.length - 1 && FURTHER_ID_GROUP.test(groups[idGroups] ?? '')) idGroups++
  const edgeNode = groups.slice(idGroups).join('-')
  return edgeNode === ''
    ? { requestId: value }
    : { requestId: groups.slice(0, idGroups).join('-'), edgeNode }
}
