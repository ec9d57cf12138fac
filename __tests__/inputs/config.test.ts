import { describe, expect, it } from 'vitest'
import { readMode } from '../../src/inputs/common.js'
import { InputError } from '../../src/inputs/input-error.js'
import type { InputName } from '../../src/inputs/names.js'
import { parseTriggerConfig, type DagRunConfig } from '../../src/trigger/config/config.js'
import { parseUploadConfig } from '../../src/upload/config.js'

// The defaults action.yml gives; the runner passes them when a workflow omits the input.
const DEFAULTS: Record<string, string> = {
  'api-path': '',
  'timeout-seconds': '30',
  'max-attempts': '3',
  'allow-insecure-http': 'false',
  'run-id-prefix': 'github__',
  'on-duplicate': 'fail',
  wait: 'false',
  'wait-timeout-seconds': '3600',
  'poll-interval-seconds': '15',
  preflight: 'true'
}

function reader(inputs: Record<string, string>) {
  const all = { ...DEFAULTS, ...inputs }
  return (name: InputName) => all[name] ?? ''
}

/** A DAG run's settings: these inputs never name an MWAA Serverless workflow. */
function trigger(inputs: Record<string, string> = {}): DagRunConfig {
  const config = parseTriggerConfig(
    reader({
      'base-url': 'https://airflow.example.com',
      'dag-id': 'etl',
      token: 't0k3n',
      ...inputs
    })
  )
  if (config.via === 'serverless') throw new Error('expected the settings of a DAG run')
  return config
}

const upload = (inputs: Record<string, string> = {}) =>
  parseUploadConfig(
    reader({
      'base-url': 'https://www.example.com',
      files: 'dist/*.png',
      username: 'ci',
      'app-password': 'abcd efgh',
      ...inputs
    })
  )

function errorOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    return (error as Error).message
  }
  throw new Error('expected an InputError')
}

describe('parseTriggerConfig', () => {
  it('applies the defaults', () => {
    const config = trigger()
    // An empty api-path leaves the API to be found on the server.
    expect(config.apiPath).toBeUndefined()
    expect(config).toMatchObject({
      mode: 'trigger',
      timeoutMs: 30_000,
      maxAttempts: 3,
      runIdPrefix: 'github__',
      onDuplicate: 'fail',
      wait: false,
      waitTimeoutMs: 3_600_000,
      pollIntervalMs: 15_000
    })
    expect(config.baseUrl?.href).toBe('https://airflow.example.com/')
    expect(config.conf).toBeUndefined()
    expect(config.logicalDate).toBeUndefined()
  })

  it('reads conf, dates and api-path', () => {
    const config = trigger({
      conf: '{"env": "prod", "n": 2}',
      'logical-date': '2026-01-31T13:00:00+01:00',
      'api-path': '/api/v1/',
      'base-url': 'https://example.com/airflow/'
    })
    expect(config.conf).toEqual({ env: 'prod', n: 2 })
    expect(config.logicalDate).toBe('2026-01-31T12:00:00Z')
    expect(config.apiPath).toBe('/api/v1')
    expect(config.baseUrl?.pathname).toBe('/airflow')
  })

  it.each([
    [{ conf: '{env: prod}' }, /Input "conf" expected a JSON object .* not valid JSON/],
    [{ conf: '[1, 2]' }, /Input "conf" expected a JSON object .* got an array/],
    [{ conf: 'null' }, /Input "conf" expected a JSON object .* got null/],
    [
      { 'logical-date': '2026-01-31T12:00:00' },
      /Input "logical-date" expected an ISO 8601 timestamp with a zone.*"2026-01-31T12:00:00".*no zone/
    ],
    [{ 'logical-date': 'tomorrow' }, /Input "logical-date" expected .*"tomorrow"/],
    [{ token: '' }, /Input "token" is required/],
    [{ 'dag-id': '' }, /Input "dag-id" is required/],
    [{ 'dag-id': 'my dag' }, /Input "dag-id" expected a DAG id/],
    [
      { 'dag-id': '..' },
      /Input "dag-id" expected a DAG id without "\.\.", and not "\.", got "\.\."/
    ],
    [{ 'dag-id': 'a..b' }, /Input "dag-id" expected a DAG id without "\.\."/],
    [{ 'dag-id': '.' }, /Input "dag-id" expected a DAG id without "\.\.", and not "\."/],
    [
      { 'base-url': 'airflow.example.com' },
      /Input "base-url" expected an absolute http\(s\) URL .*"airflow.example.com"/
    ],
    [
      { 'base-url': 'ftp://example.com' },
      /Input "base-url" expected an http:\/\/ or https:\/\/ URL/
    ],
    [{ 'base-url': 'https://u:p@example.com' }, /Input "base-url" must not contain credentials/],
    [
      { 'base-url': 'http://airflow.example.com' },
      /Input "base-url" expected an https:\/\/ URL.*allow-insecure-http/
    ],
    [{ 'dag-run-id': 'release/1.0' }, /Input "dag-run-id" expected only letters/],
    [
      { 'dag-run-id': 'scheduled__x' },
      /Input "dag-run-id" expected not to start with "scheduled__"/
    ],
    [
      { 'dag-run-id': '::stop-commands::x' },
      /Input "dag-run-id" expected not to start with "::", which a step echoing the dag-run-id output would run/
    ],
    [{ 'run-id-prefix': '::error::' }, /Input "run-id-prefix" expected not to start with "::"/],
    [{ 'on-duplicate': 'ignore' }, /Input "on-duplicate" expected "fail" or "reuse", got "ignore"/],
    [{ wait: 'yes' }, /Input "wait" expected true or false, got "yes"/],
    [
      { 'timeout-seconds': 'abc' },
      /Input "timeout-seconds" expected a number of seconds from 1 to 3600, got "abc"/
    ],
    [
      { 'max-attempts': '0' },
      /Input "max-attempts" expected a whole number of attempts from 1 to 10, got 0/
    ],
    [{ 'max-attempts': '2.5' }, /Input "max-attempts" expected a whole number/],
    [{ 'api-path': 'api/v2' }, /Input "api-path" expected a path starting with "\/"/]
  ])('refuses %o', (inputs, message) => {
    expect(errorOf(() => trigger(inputs))).toMatch(message)
  })

  it('names every bad input at once', () => {
    const message = errorOf(() => trigger({ token: '', conf: '[]', wait: 'maybe' }))
    expect(message.split('\n')).toHaveLength(3)
  })

  it('never echoes the token', () => {
    const message = errorOf(() => trigger({ token: 'supersecret', 'base-url': 'nope' }))
    expect(message).not.toContain('supersecret')
  })

  it('takes a token, or a user name with a password', () => {
    expect(trigger().auth).toEqual({ kind: 'token', token: 't0k3n' })
    expect(trigger({ token: '', username: 'ci', password: 'pw' }).auth).toEqual({
      kind: 'password',
      username: 'ci',
      password: 'pw'
    })
  })

  it.each([
    [
      { token: '' },
      'Input "token" is required (the bearer token of the Airflow REST API), or "username" and "password" instead, got neither.'
    ],
    [
      { token: '', username: 'ci' },
      'Input "password" is required with "username", got an empty value.'
    ],
    [
      { token: '', password: 'pw' },
      'Input "username" is required with "password", got an empty value.'
    ],
    [
      { username: 'ci', password: 'pw' },
      'Input "token" and "username"/"password" are alternatives: expected one of them, got both.'
    ]
  ])('names the missing or clashing credential: %o', (inputs, message) => {
    expect(errorOf(() => trigger(inputs))).toBe(message)
  })

  it('accepts the DAG ids Airflow accepts, Unicode letters included', () => {
    expect(trigger({ 'dag-id': 'etl.daily-v2_x' }).dagId).toBe('etl.daily-v2_x')
    expect(trigger({ 'dag-id': 'données_ventes' }).dagId).toBe('données_ventes')
  })

  it('allows plain http to loopback, or when allowed explicitly', () => {
    expect(trigger({ 'base-url': 'http://127.0.0.1:8080' }).baseUrl?.port).toBe('8080')
    expect(trigger({ 'base-url': 'http://localhost' }).baseUrl?.hostname).toBe('localhost')
    expect(
      trigger({ 'base-url': 'http://airflow.internal', 'allow-insecure-http': 'true' }).baseUrl
        ?.hostname
    ).toBe('airflow.internal')
  })
})

describe('readMode and parseUploadConfig', () => {
  it('refuses an unknown mode', () => {
    expect(errorOf(() => readMode(reader({ mode: 'deploy' })))).toBe(
      'Input "mode" expected "trigger" or "upload", got "deploy".'
    )
  })

  it('reads upload inputs with their defaults', () => {
    const config = upload({ files: 'dist/*.png\n\n  # a comment\nimages/**/*.jpg  \n' })
    expect(config.apiPath).toBeUndefined()
    expect(config).toMatchObject({
      mode: 'upload',
      patterns: ['dist/*.png', 'images/**/*.jpg'],
      username: 'ci',
      appPassword: 'abcd efgh',
      preflight: true,
      ifNoFilesFound: 'error'
    })
  })

  it.each([
    ['', 'auto'],
    ['auto', 'auto'],
    ['AUTO', 'auto'],
    ['1', 1],
    [' 16 ', 16]
  ] as const)('reads concurrency %j as %j', (value, expected) => {
    expect(upload({ concurrency: value }).concurrency).toBe(expected)
  })

  it.each([
    ['', undefined],
    ['1/1', { index: 1, count: 1 }],
    [' 3 / 4 ', { index: 3, count: 4 }],
    ['256/256', { index: 256, count: 256 }]
  ] as const)('reads shard %j as %j', (value, expected) => {
    expect(upload({ shard: value }).shard).toEqual(expected)
  })

  it.each([
    ['0/4', /^Input "shard" expected a leg from 1 to 4 before the "\/", got "0\/4"\.$/],
    ['5/4', /^Input "shard" expected a leg from 1 to 4 before the "\/", got "5\/4"\.$/],
    [
      'a/b',
      /^Input "shard" expected i\/n, this leg's number and the number of legs, such as 2\/4, got "a\/b"\.$/
    ],
    ['1/0', /^Input "shard" expected from 1 to 256 legs .* after the "\/", got "1\/0"\.$/],
    ['1/257', /^Input "shard" expected from 1 to 256 legs .*, got "1\/257"\.$/],
    ['2', /^Input "shard" expected i\/n/],
    ['-1/4', /^Input "shard" expected i\/n/],
    ['1.5/4', /^Input "shard" expected i\/n/]
  ])('refuses shard %j, naming it', (value, message) => {
    expect(errorOf(() => upload({ shard: value }))).toMatch(message)
  })

  it.each(['error', 'warn', 'ignore'] as const)('reads if-no-files-found: %s', value => {
    expect(upload({ 'if-no-files-found': value }).ifNoFilesFound).toBe(value)
  })

  it.each<Record<string, string>>([{}, { 'app-password': '' }])(
    'refuses the Airflow password in upload mode, pointing to app-password, with %o',
    inputs => {
      const message = errorOf(() => upload({ password: 'hunter2-login', ...inputs }))
      expect(message).toMatch(
        /^Input "password" is the Airflow password, for trigger mode \(the value is not shown\)\. Upload mode signs in with "app-password": an application password, made in WordPress under Users → Profile → Application Passwords/m
      )
      expect(message).not.toContain('hunter2-login')
    }
  )

  it.each([
    [{ files: ' \n ' }, /Input "files" is required/],
    [{ username: '' }, /Input "username" is required/],
    [{ 'app-password': '' }, /Input "app-password" is required/],
    [{ preflight: 'off' }, /Input "preflight" expected true or false, got "off"/],
    [
      { 'if-no-files-found': 'skip' },
      /Input "if-no-files-found" expected "error" or "warn" or "ignore", got "skip"/
    ],
    [
      { concurrency: 'max' },
      /Input "concurrency" expected auto \(found from the server's answers\) or a whole number of files from 1 to 16, got "max"/
    ],
    [{ concurrency: '17' }, /Input "concurrency" expected auto .* from 1 to 16, got "17"/],
    [{ concurrency: '2.5' }, /Input "concurrency" expected auto .* got "2\.5"/]
  ])('refuses %o', (inputs, message) => {
    expect(errorOf(() => upload(inputs))).toMatch(message)
  })
})

describe('inputs refused before any request, with the input named', () => {
  it.each([
    '//evil.example/api/v2',
    '//evil.example',
    '/api/../admin',
    '/api/v2/..',
    '/./api',
    '/api/%2e%2e/admin',
    '/api/%2E%2E',
    '/api\\..\\admin',
    '/%2F%2Fevil.example/api',
    '/%2f/evil.example/api',
    '/%252F%252Fevil.example/api',
    '/%5Cevil.example/api',
    '/api/%5C..%5Cadmin',
    '/api/..;/admin'
  ])('api-path %j', apiPath => {
    expect(errorOf(() => trigger({ 'api-path': apiPath }))).toMatch(/^Input "api-path" expected /)
    expect(errorOf(() => upload({ 'api-path': apiPath }))).toMatch(/^Input "api-path" expected /)
  })

  const secrets = [
    'line\nbreak',
    'carriage\rreturn',
    'nul\u0000byte',
    'esc\u001b[31m',
    'tab\tinside',
    'del\u007f'
  ]
  it.each(secrets)('a credential with a control character, without echoing it: %j', value => {
    const cases: [string, () => unknown][] = [
      ['token', () => trigger({ token: value })],
      ['password', () => trigger({ token: '', username: 'u', password: value })],
      ['github-token', () => trigger({ 'github-token': value })],
      ['app-password', () => upload({ 'app-password': value })]
    ]
    for (const [name, parse] of cases) {
      const message = errorOf(parse)
      expect(message).toMatch(
        new RegExp(`^Input "${name}" contains a line break or another control character`)
      )
      expect(message).not.toContain(value.trim())
    }
  })

  it.each(['ci:bot', 'a:', ':b'])('a user name with ":" for HTTP Basic: %j', name => {
    expect(errorOf(() => upload({ username: name }))).toMatch(
      /^Input "username" must not contain ":"/
    )
    expect(errorOf(() => trigger({ token: '', username: name, password: 'p' }))).toMatch(
      /^Input "username" must not contain ":"/
    )
  })

  it.each([65, 100, 5000])('conf nested %i levels deep', levels => {
    const nested = `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`
    expect(errorOf(() => trigger({ conf: nested }))).toBe(
      'Input "conf" expected a JSON object nested at most 64 levels deep, got one nested deeper.'
    )
  })

  it('accepts conf nested 64 levels deep', () => {
    const nested = `${'{"a":'.repeat(64)}1${'}'.repeat(64)}`
    expect(trigger({ conf: nested }).conf).toBeTypeOf('object')
  })

  it.each([231, 240, 250])(
    'a run-id-prefix of %i characters, too long once the date is appended',
    length => {
      expect(errorOf(() => trigger({ 'run-id-prefix': 'p'.repeat(length) }))).toMatch(
        /^Input "run-id-prefix" expected at most 230 characters: the logical date \(20 more\) is appended/
      )
    }
  )

  it.each(['release..1', '..', 'a..b_c'])('a run id with "..": %j', runId => {
    expect(errorOf(() => trigger({ 'dag-run-id': runId }))).toMatch(
      /^Input "dag-run-id" expected no ".."/
    )
    expect(errorOf(() => trigger({ 'run-id-prefix': runId }))).toMatch(
      /^Input "run-id-prefix" expected no ".."/
    )
  })
})

describe("the run's note and partition key", () => {
  it("keeps the note's template as written; an empty note is none, not the default", () => {
    expect(trigger({ note: 'Deploy of {commit}' }).note).toBe('Deploy of {commit}')
    expect(trigger({ note: '' }).note).toBeUndefined()
    expect(trigger({ note: '   ' }).note).toBeUndefined()
  })

  it('takes a partition key as given, and refuses one with a control character', () => {
    expect(trigger({ 'partition-key': 'eu|2026-03-10T09:00:00' }).partitionKey).toBe(
      'eu|2026-03-10T09:00:00'
    )
    expect(trigger().partitionKey).toBeUndefined()
    expect(errorOf(() => trigger({ 'partition-key': 'eu\nus' }))).toBe(
      'Input "partition-key" expected one line of text, got a line break or another control character.'
    )
  })
})

describe('upload: skip-existing and the media fields', () => {
  it('looks existing files up by default, with no fields of its own', () => {
    expect(upload()).toMatchObject({ skipExisting: true, fields: {} })
    expect(upload({ 'skip-existing': 'false' }).skipExisting).toBe(false)
  })

  it('takes templates with the known placeholders', () => {
    expect(
      upload({ title: '{stem}', 'alt-text': 'Chart {name} from {path}', caption: 'Built by CI' })
        .fields
    ).toEqual({ title: '{stem}', alt_text: 'Chart {name} from {path}', caption: 'Built by CI' })
  })

  it.each([
    ['title', '{file}', '{file}'],
    ['alt-text', '{name} {Stem} {}', '{Stem}, {}'],
    ['caption', '{date} and {date}', '{date}']
  ])('refuses an unknown placeholder in %s: %j', (input, value, named) => {
    expect(errorOf(() => upload({ [input]: value }))).toBe(
      `Input "${input}" expected placeholders among {name}, {stem}, {path}, got ${named}.`
    )
  })
})

describe('a base-url that already carries an API path', () => {
  it.each([
    ['https://www.example.com/wp-json', '/wp-json', 'https://www.example.com'],
    ['https://www.example.com/wp-json/wp/v2/', '/wp-json/wp/v2', 'https://www.example.com'],
    ['https://example.com/blog/wp-json/wp/v2', '/wp-json/wp/v2', 'https://example.com/blog'],
    ['https://www.example.com/cms-json/cms/v2', '/cms-json/cms/v2', 'https://www.example.com']
  ])('refuses %s in upload mode, saying what to remove', (url, apiPart, site) => {
    const message = errorOf(() => upload({ 'base-url': url }))
    expect(message).toContain('Input "base-url" expected the server\'s own address')
    expect(message).toContain(`Remove ${JSON.stringify(apiPart)}`)
    expect(message).toContain(`base-url is ${JSON.stringify(site)}`)
    expect(message).toContain('"api-path"')
  })

  it.each([
    ['https://airflow.example.com/api/v1', '/api/v1', 'https://airflow.example.com'],
    ['https://airflow.example.com/API/V2/', '/API/V2', 'https://airflow.example.com'],
    ['https://org.astronomer.run/dep-1/api/v2', '/api/v2', 'https://org.astronomer.run/dep-1']
  ])('refuses %s in trigger mode, saying what to remove', (url, apiPart, site) => {
    const message = errorOf(() => trigger({ 'base-url': url }))
    expect(message).toContain(`Remove ${JSON.stringify(apiPart)}`)
    expect(message).toContain(`base-url is ${JSON.stringify(site)}`)
  })

  it.each([
    'https://org.astronomer.run/dep-1',
    'https://example.com/api',
    'https://example.com/api/v3',
    'https://example.com/wp-jsonx',
    'https://example.com/my-api/v1x'
  ])('keeps %s, a path prefix of the site itself', url => {
    expect(trigger({ 'base-url': url }).baseUrl?.href).toBe(url)
  })
})

describe('parseTriggerConfig with mwaa-serverless-workflow', () => {
  const ARN = 'arn:aws:airflow-serverless:eu-west-1:123456789012:workflow/etl-A1b2C3d4E5'
  const serverless = (inputs: Record<string, string> = {}) =>
    parseTriggerConfig(reader({ 'mwaa-serverless-workflow': ARN, ...inputs }))

  it('takes the workflow, conf, the date and the wait, and needs no dag-id or token', () => {
    const config = serverless({ conf: '{"env": "prod"}', wait: 'true' })
    expect(config.via).toBe('serverless')
    expect(config).toMatchObject({
      workflow: { arn: ARN, region: 'eu-west-1', account: '123456789012', name: 'etl-A1b2C3d4E5' },
      conf: { env: 'prod' },
      runIdPrefix: 'github__',
      wait: true
    })
    expect(serverless({ 'aws-region': 'eu-west-1' }).via).toBe('serverless')
  })

  it('refuses every input of another way to run Airflow, each naming both, all at once', () => {
    const message = errorOf(() =>
      serverless({
        'base-url': 'https://airflow.example.com',
        'dag-id': 'etl',
        'mwaa-environment': 'env',
        token: 't',
        'dag-run-id': 'r1',
        'partition-key': 'eu',
        'aws-region': 'us-east-1'
      })
    )
    const lines = message.split('\n')
    for (const name of [
      'base-url',
      'dag-id',
      'mwaa-environment',
      'token',
      'dag-run-id',
      'partition-key'
    ]) {
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^Input "${name}" is not used with "mwaa-serverless-workflow": `)
        )
      )
    }
    expect(lines).toContainEqual(
      expect.stringMatching(/^Input "aws-region" is us-east-1, but the workflow .* is in eu-west-1/)
    )
    expect(message).not.toContain('Input "token" is required')
  })

  it('says what else would do when neither a DAG nor a workflow is given', () => {
    expect(errorOf(() => trigger({ 'dag-id': '' }))).toBe(
      'Input "dag-id" is required (the DAG id), or "mwaa-serverless-workflow" instead, got an empty value.'
    )
  })
})
