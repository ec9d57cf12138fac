import type { HttpResult } from '../src/http/send.js'
import type { AirflowApi } from '../src/trigger/airflow/airflow-api.js'
import type { MediaApi } from '../src/upload/wordpress/media-api.js'
import { airflowProfile } from '../src/trigger/airflow/remedies.js'
import { wordpressProfile } from '../src/upload/wordpress/remedies.js'

const shown = (arg: unknown) =>
  typeof arg === 'string' || typeof arg === 'number' ? JSON.stringify(arg) : '…'

/** A method the test does not expect: calling it fails the test, naming the call. */
const unexpected =
  (name: string) =>
  (...args: unknown[]): Promise<never> =>
    Promise.reject(new Error(`unexpected call: ${name}(${args.map(shown).join(', ')})`))

/** The edit page of a media item of the fakes' site. */
export const editLink = (id: number, origin = 'https://www.example.com') =>
  `${origin}/wp-admin/post.php?post=${id}&action=edit`

/**
 * WordPress's media API at `origin` that answers only through `methods`: any other call
 * rejects, naming itself, so a test sees a request it did not expect.
 */
export function fakeMediaApi(
  methods: Partial<MediaApi> = {},
  origin = 'https://www.example.com'
): MediaApi {
  const host = new URL(origin).host
  return {
    target: `${host}/wp-json/wp/v2/media`,
    settingsTarget: `${host}/wp-json/wp/v2/settings`,
    context: method => ({ app: wordpressProfile, method, apiPath: '/wp-json/wp/v2', host }),
    getSettings: unexpected('getSettings'),
    findBySlugs: unexpected('findBySlugs'),
    fileDigest: unexpected('fileDigest'),
    postFile: unexpected('postFile'),
    probeWrite: unexpected('probeWrite'),
    getItem: unexpected('getItem'),
    editItem: unexpected('editItem'),
    postProcess: unexpected('postProcess'),
    sideload: unexpected('sideload'),
    finalize: unexpected('finalize'),
    deleteItem: unexpected('deleteItem'),
    currentUser: unexpected('currentUser'),
    editLink: id => editLink(id, origin),
    libraryLink: () => `${origin}/wp-admin/upload.php`,
    close: () => {},
    ...methods
  }
}

/** What a scripted media API answers, in order, per kind of request. */
export interface MediaScript {
  posts: HttpResult[]
  lookUps?: HttpResult[]
  items?: HttpResult[]
  postProcess?: HttpResult[]
  deletes?: HttpResult[]
}

/**
 * A media API that answers each kind of request from its queue in `script`, and records every
 * call in `calls`; a call whose queue is empty, or of another kind, fails the test.
 */
export function scriptedMediaApi(script: MediaScript, origin?: string) {
  const calls: string[] = []
  const take = (queue: HttpResult[] | undefined, what: string) => {
    calls.push(what)
    const next = queue?.shift()
    return next ? Promise.resolve(next) : Promise.reject(new Error(`unexpected ${what}`))
  }
  const api = fakeMediaApi(
    {
      findBySlugs: slugs => take(script.lookUps, `GET ?slug=${slugs.join(',')}`),
      postFile: file => take(script.posts, `POST ${file.display}`),
      getItem: id => take(script.items, `GET ${id}`),
      postProcess: id => take(script.postProcess, `post-process ${id}`),
      deleteItem: id => take(script.deletes, `DELETE ${id}`)
    },
    origin
  )
  return { api, calls, script }
}

/**
 * Airflow 3's API at airflow.example.com for the DAG `etl`, answering only through `methods`:
 * any other call rejects, naming itself. `within` gives the same fake unless `methods` says.
 */
export function fakeAirflowApi(methods: Partial<AirflowApi> = {}): AirflowApi {
  const api: AirflowApi = {
    location: {
      api: new URL('https://airflow.example.com/api/v2'),
      apiPath: '/api/v2',
      version: 3,
      source: 'given',
      how: 'given as api-path'
    },
    target: 'airflow.example.com/api/v2/dags/etl/dagRuns',
    context: method => ({
      app: airflowProfile,
      method,
      apiPath: '/api/v2',
      host: 'airflow.example.com'
    }),
    getDag: unexpected('getDag'),
    unpauseDag: unexpected('unpauseDag'),
    createRun: unexpected('createRun'),
    setNote: unexpected('setNote'),
    getRun: unexpected('getRun'),
    listRuns: unexpected('listRuns'),
    runsAt: unexpected('runsAt'),
    listTaskInstances: unexpected('listTaskInstances'),
    failRun: unexpected('failRun'),
    renewsToken: false,
    within: () => api,
    peers: () => [],
    close: () => {},
    ...methods
  }
  return api
}
