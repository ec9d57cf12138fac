import { diagnose, type Verdict } from '../../diagnosis/index.js'
import { clip } from '../../diagnosis/text.js'
import { INPUT } from '../../inputs/names.js'
import { describeResult, type HttpResult } from '../../http/send.js'
import { isRoute, type PostsApi } from '../wordpress/posts-api.js'
import { counted } from '../../log/words.js'
import { count, record, text } from '../../http/json-fields.js'

/** The post attach-to names, found and editable by the user. */
export interface FoundPost {
  id: number
  /** The post type's slug (`post`, `page`, …) and its route under the API (`posts`, `pages`, …). */
  type: string
  route: string
  title?: string
  /** Its featured image now (0: none); undefined when its type supports none (no thumbnails). */
  featured?: number
  /** Where it is read (its `link`), when that is a page of the site itself. */
  view?: string
}

export type TargetPost =
  | ({ kind: 'found'; message: string; verdict: Verdict } & FoundPost)
  /** It exists, but the user may not edit it: WordPress would refuse to attach uploads to it. */
  | { kind: 'may-not-edit'; message: string; remedy: string; verdict: Verdict }
  /** No type's route knows the id. */
  | { kind: 'missing'; message: string; remedy: string; verdict: Verdict }
  /** No answer, or one that says nothing about the post. */
  | { kind: 'failed'; message: string; verdict: Verdict }

/** Types looked in at most after `posts`: a site registers a handful, a plugin or two more. */
const MAX_TYPES = 20

interface PostType {
  slug: string
  route: string
}

type Look =
  | TargetPost
  /** Not of this type (404): the search goes on. */
  | { kind: 'absent'; verdict: Verdict }
  /** This route would not say: remembered, and the search goes on. */
  | { kind: 'unclear'; what: string; verdict: Verdict }

/** A post's text field, clipped for a sentence. */
const clipped = (value: unknown): string | undefined => {
  const said = text(value)
  return said === undefined ? undefined : clip(said, 120)
}

/** How a post is named in messages: `page 12 "About"`. */
export function postName(post: Pick<FoundPost, 'id' | 'type' | 'title'>): string {
  return `${post.type} ${post.id}${post.title ? ` ${JSON.stringify(post.title)}` : ''}`
}

function found(
  id: number,
  type: PostType,
  verdict: Verdict,
  json: Record<string, unknown>,
  view: string | undefined
): TargetPost {
  const featured = count(json.featured_media)
  const title = clipped(record(json.title)?.raw) ?? clipped(record(json.title)?.rendered)
  const post: FoundPost = {
    id,
    type: /^[a-z0-9_-]{1,40}$/i.test(String(json.type)) ? String(json.type) : type.slug,
    route: type.route,
    ...(title ? { title } : {}),
    // Absent from the answer when the type has no thumbnail support (get_item_schema).
    ...(featured === undefined ? {} : { featured }),
    ...(view ? { view } : {})
  }
  const message = `Files go to ${postName(post)}; the user may edit it.`
  return { kind: 'found', message, verdict, ...post }
}

/** What `GET {route}/{id}?context=edit` says of the post. */
async function lookIn(posts: PostsApi, type: PostType, id: number): Promise<Look> {
  const result = await posts.getPost(type.route, id)
  const verdict = diagnose(result, posts.context('GET'))
  const where = `GET ${posts.where(type.route, id)}?context=edit`
  if ('failure' in result) {
    return {
      kind: 'failed',
      message: `${where} got no answer: ${result.failure.message}.`,
      verdict
    }
  }
  const { status } = result.response
  const json = verdict.json
  if (status === 200 && json && json.id === id)
    return found(id, type, verdict, json, posts.viewLink(json.link))
  if (status === 404 && verdict.layer === 'origin') return { kind: 'absent', verdict }
  if ((status === 401 || status === 403) && verdict.code === 'rest_forbidden_context') {
    return {
      kind: 'may-not-edit',
      message: `${INPUT.attachTo}: ${type.slug} ${id} exists, but the user may not edit it (${where} → HTTP ${status} rest_forbidden_context), so WordPress would refuse to attach files to it: no file was sent.`,
      remedy: `Use an application password of a user who may edit ${type.slug} ${id} (an Editor edits every post and page; an Author only their own posts, and no page), or name another post in "${INPUT.attachTo}".`,
      verdict
    }
  }
  return { kind: 'unclear', what: `${where} → ${describeResult(result)}`, verdict }
}

/** The types to look in after `posts`, from `GET types`; none when it does not answer a list. */
async function otherTypes(posts: PostsApi): Promise<PostType[] | HttpResult> {
  const result = await posts.types()
  if (!('response' in result) || result.response.status !== 200) return result
  const json = diagnose(result, posts.context('GET')).json ?? {}
  return Object.entries(json)
    .flatMap(([slug, entry]) => {
      const type = record(entry)
      const namespace = type?.rest_namespace
      // Attachments cannot be parents; a type of another namespace lives outside this API.
      if (slug === 'post' || slug === 'attachment') return []
      if (namespace !== undefined && namespace !== 'wp/v2') return []
      return isRoute(type?.rest_base) ? [{ slug: clip(slug, 40), route: type.rest_base }] : []
    })
    .slice(0, MAX_TYPES)
}

/**
 * Finds the post attach-to names, before any file is sent: `GET posts/{id}` first, then each
 * type's own route from `GET types` (pages, custom types), in the edit context, which tells at
 * once whether the user may edit it. A 404 is "not of this type"; anything else that does not
 * settle it is remembered, and decides the outcome if no type has the post.
 */
export async function findTargetPost(posts: PostsApi, id: number): Promise<TargetPost> {
  const first = await lookIn(posts, { slug: 'post', route: 'posts' }, id)
  if (first.kind !== 'absent' && first.kind !== 'unclear') return first
  const unclear = first.kind === 'unclear' ? [first] : []
  const types = await otherTypes(posts)
  if (!Array.isArray(types)) {
    const verdict = diagnose(types, posts.context('GET'))
    return {
      kind: 'failed',
      message: `${INPUT.attachTo}: ${id} is no post, and the list of other post types could not be read (GET types → ${describeResult(types)}): ${verdict.headline}`,
      verdict
    }
  }
  const searched = ['posts']
  for (const type of types) {
    const look = await lookIn(posts, type, id)
    if (look.kind === 'unclear') unclear.push(look)
    else if (look.kind !== 'absent') return look
    searched.push(type.route)
  }
  if (unclear.length > 0) {
    return {
      kind: 'failed',
      message: `${INPUT.attachTo}: post ${id} was not found, and ${counted(unclear.length, 'route')} would not say: ${unclear.map(look => look.what).join('; ')}.`,
      verdict: unclear[0]!.verdict
    }
  }
  return {
    kind: 'missing',
    message: `${INPUT.attachTo}: no post of any type has the id ${id} (looked in ${searched.join(', ')}): no file was sent.`,
    remedy: `Check the id in "${INPUT.attachTo}": it is the number in the post's edit link (wp-admin/post.php?post=42&action=edit). A media item cannot be a parent.`,
    verdict: first.verdict
  }
}
