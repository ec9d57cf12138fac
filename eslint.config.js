import js from '@eslint/js'
import regexp from 'eslint-plugin-regexp'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The layering of src/: main → trigger | upload → log | inputs | http | diagnosis | summary | cancel.
 * The shared folders never import a mode, and each imports only the shared folders below it.
 */
const layers = {
  cancel: [],
  log: [],
  inputs: ['log'],
  http: [],
  diagnosis: ['http', 'log'],
  summary: ['diagnosis', 'http', 'log', 'inputs'],
  trigger: ['cancel', 'log', 'inputs', 'http', 'diagnosis', 'summary'],
  upload: ['cancel', 'log', 'inputs', 'http', 'diagnosis', 'summary']
}
/**
 * Inside each mode, one folder per job. Trigger is one pipeline (mode.ts) over a backend: `config`
 * (the inputs as one typed config), `date` (the logical date), `backend` (what the pipeline asks
 * of a service, and the reports it hands on), `airflow` (talking to Airflow's REST API), `mwaa`
 * (the same requests through Amazon MWAA's InvokeRestApi), `create` (creating a DAG run),
 * `dag-run` (the backend of a DAG run, on Airflow or MWAA), `serverless` (the backend of a
 * workflow run on Amazon MWAA Serverless), `watch` (waiting for any run) and `summary` (the job
 * summary). Upload: `files` (finding and reading the local files),
 * `wordpress` (talking to WordPress), `checks` (before sending), `pace` (how many uploads at once,
 * when none may go, and which files are kept back), `sizes` (the image sizes made on the runner), `send` (sending, settling
 * lost answers, and the outcome of each file),
 * `place` (attaching to a post and setting its featured image), `report` (the JSON report of a
 * run), `summary` (upload's job summary section), `merge` (upload/merge: the reports of a matrix's
 * legs as one). The files at the top (trigger's
 * mode; upload's mode, setup, end, config, run, before-sending, look-up, sending and
 * dry-run) tie them together; the folders never import those, except upload's `config`.
 */
const subLayers = {
  trigger: {
    date: [],
    config: ['date'],
    backend: ['date'],
    airflow: ['backend', 'config'],
    mwaa: ['airflow', 'config'],
    create: ['airflow', 'backend', 'config', 'date'],
    watch: ['backend'],
    'dag-run': ['airflow', 'backend', 'config', 'create', 'mwaa', 'watch'],
    serverless: ['airflow', 'backend', 'config', 'mwaa'],
    summary: ['backend', 'date', 'watch']
  },
  upload: {
    files: [],
    wordpress: ['files'],
    checks: ['wordpress'],
    pace: ['files', 'wordpress'],
    sizes: ['files', 'wordpress', 'pace'],
    send: ['files', 'wordpress', 'checks', 'pace', 'sizes'],
    place: ['files', 'wordpress', 'checks', 'send'],
    report: ['files', 'send'],
    summary: ['files', 'wordpress', 'checks', 'pace', 'sizes', 'send'],
    merge: ['files', 'report']
  }
}
const TOP_FILES = {
  trigger: ['mode', 'index'],
  upload: [
    'mode',
    'setup',
    'run',
    'before-sending',
    'look-up',
    'sending',
    'dry-run',
    'end',
    'index'
  ]
}
const SHARED_ORDER = 'main → trigger | upload → log | inputs | http | diagnosis | summary | cancel'
const folders = Object.keys(layers)

/** The import pattern forbidding src/ folders outside `allowed`, seen from `up` levels below src/. */
function sharedPattern(folder, allowed, up) {
  const forbidden = folders.filter(other => other !== folder && !allowed.includes(other))
  return {
    regex: `^${'\\.\\./'.repeat(up)}(?:${[...forbidden, 'main', 'index'].join('|')})(?:/|\\.js$)`,
    message: `${allowed.length ? `src/${folder} imports only ${allowed.map(name => `src/${name}`).join(', ')}` : `src/${folder} imports nothing else of src`} (${SHARED_ORDER}).`
  }
}

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] }
})

const layering = Object.entries(layers).flatMap(([folder, allowed]) => {
  const subs = subLayers[folder]
  if (!subs) return [restrict([`src/${folder}/**`], [sharedPattern(folder, allowed, 1)])]
  const names = Object.keys(subs)
  const tops = TOP_FILES[folder]
  // A folder's own folders (serverless/api) are held to its rules, one level further down.
  const nested = (own, forbidden, message) =>
    [2, 3].map(up =>
      restrict(
        [up === 2 ? `${own}/*.ts` : `${own}/*/**`],
        [
          sharedPattern(folder, allowed, up),
          {
            regex: `^${'\\.\\./'.repeat(up - 1)}(?:${[...forbidden, ...tops].join('|')})(?:/|\\.js$)`,
            message
          }
        ]
      )
    )
  const order = `(${names.join(', ')} → src/${folder}/{${tops.join(',')}})`
  return [
    restrict([`src/${folder}/*.ts`], [sharedPattern(folder, allowed, 1)]),
    // A folder not (yet) listed in subLayers may import none of its siblings.
    ...nested(
      `src/${folder}/*`,
      names,
      `a folder of src/${folder} not listed in eslint.config.js imports only its config ${order}.`
    ),
    ...Object.entries(subs).flatMap(([sub, siblings]) => {
      const own = `src/${folder}/${sub}`
      const forbidden = names.filter(other => other !== sub && !siblings.includes(other))
      const may = siblings.map(name => `src/${folder}/${name}`)
      return nested(
        own,
        forbidden,
        `${own} imports ${[...may, `src/${folder}/config`].join(', ')} of src/${folder}, nothing else ${order}.`
      )
    })
  ]
})

/**
 * The folders around src/ and what each may import of the others: tests and tooling import the
 * action (src/), the test kit (test-support/) and the sandbox, never the other way round. The
 * sandbox, a stand-in for the real servers, imports nothing of the action, so that it cannot agree
 * with it by construction. bundling/ (the layout of the bundle) serves both `npm run bundle`
 * (scripts/) and the tests' bundle of src/ (test-support/).
 */
const topFolders = {
  __tests__: ['src', 'sandbox', 'test-support', 'bundling'],
  'test-support': ['src', 'sandbox', 'bundling'],
  scripts: ['src', 'sandbox', 'test-support', 'bundling'],
  bench: ['src', 'sandbox', 'test-support', 'e2e'],
  e2e: ['src', 'sandbox', 'test-support'],
  bundling: ['src'],
  sandbox: []
}
const everyTopFolder = ['src', ...Object.keys(topFolders)]

const topLayering = Object.entries(topFolders).map(([folder, allowed]) => {
  const forbidden = everyTopFolder.filter(other => other !== folder && !allowed.includes(other))
  return restrict(
    [`${folder}/**`],
    [
      {
        regex: `^(?:\\.\\./)+(?:${forbidden.join('|')})(?:/|$)`,
        message: `${folder}/ imports ${allowed.length ? `only ${allowed.map(name => `${name}/`).join(', ')} of this repository` : 'nothing else of this repository'} (eslint.config.js, topFolders).`
      }
    ]
  )
})

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.e2e-state/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['error'] }]
    }
  },
  ...layering,
  ...topLayering,
  // The plugin's checks for patterns that cannot mean what they say; its style rules stay off.
  {
    files: ['src/**'],
    ...regexp.configs['flat/recommended'],
    rules: {
      ...regexp.configs['flat/recommended'].rules,
      'regexp/control-character-escape': 'off',
      'regexp/no-obscure-range': 'off',
      'regexp/prefer-w': 'off',
      'regexp/use-ignore-case': 'off'
    }
  },
  /**
   * Patterns meet a server's text, so none may take more than linear time in it: no two
   * quantifiers may share a run (backtracking), and an unanchored pattern may not rescan a run
   * from each of its characters (move; `(?<!\/)\/+$`, not `\/+$`). `potential` also judges a
   * pattern whose use is out of sight (kept in a list, passed on) as if a failing suffix followed.
   */
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
      'regexp/no-super-linear-move': ['error', { report: 'potential', ignorePartial: false }]
    }
  },
  {
    files: ['src/**'],
    ignores: ['src/log/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.name='core'][property.name=/^(setOutput|setSecret|info|debug|notice|warning|error|group|startGroup)$/]",
          message:
            'The log, outputs and secrets go through src/log (log, setOutput, addSecret): they redact secrets and defuse workflow commands.'
        }
      ]
    }
  },
  {
    files: ['scripts/**', 'sandbox/**', 'bench/**', 'e2e/**', '__tests__/**'],
    rules: { 'no-console': 'off' }
  }
)
