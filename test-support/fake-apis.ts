import type { AirflowApi } from '../src/trigger/airflow/airflow-api.js'
import type { MediaApi } from '../src/upload/wordpress/media-api.js'

const shown = (arg: unknown) =>
  typeof arg === 'string' || typeof arg === 'number' ? JSON.stringify(arg) : '…'

/** A method the test does not expect: calling it fails the test, naming the call. */
const unexpected =
  (name: string) =>
  (...args: unknown[]): Promise<never> =>
    Promise.reject(new Error(`unexpected call: ${name}(${args.map(shown).join(', ')})`))

/** The edit page of a media item of the fakes' site. */
export const editLink = (id: number) =>
  `https://www.example.com/wp-admin/post.php?post=${id}&action=edit`

/**
 * WordPress's media API at www.example.com that answers only through `methods`: any other call
 * rejects, naming itself, so a test sees a request it did not expect.
 */
export function fakeMediaApi(methods: Partial<MediaApi> = {}): MediaApi {
  return {
    target: 'www.example.com/wp-json/wp/v2/media',
    settingsTarget: 'www.example.com/wp-json/wp/v2/settings',
    context: method => ({
      app: 'wordpress',
      method,
      apiPath: '/wp-json/wp/v2',
      host: 'www.example.com'
    }),
    getSettings: unexpected('getSettings'),
    findBySlugs: unexpected('findBySlugs'),
    postFile: unexpected('postFile'),
    probeWrite: unexpected('probeWrite'),
    getItem: unexpected('getItem'),
    postProcess: unexpected('postProcess'),
    deleteItem: unexpected('deleteItem'),
    currentUser: unexpected('currentUser'),
    editLink,
    close: () => {},
    ...methods
  }
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
      app: 'airflow',
      method,
      apiPath: '/api/v2',
      host: 'airflow.example.com'
    }),
    getDag: unexpected('getDag'),
    unpauseDag: unexpected('unpauseDag'),
    createRun: unexpected('createRun'),
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
