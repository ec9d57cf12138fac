import { describe, expect, it } from 'vitest'
import type { InputName } from '../../src/inputs/names.js'
import { idleInputs, idleInputsWarning } from '../../src/trigger/config/idle-inputs.js'

const reader = (inputs: Partial<Record<InputName, string>>) => (name: InputName) =>
  inputs[name] ?? ''
const MWAA = { auth: { kind: 'aws' as const, environment: 'env' }, wait: true }
const DIRECT = { auth: { kind: 'token' as const, token: 't' }, wait: true }

const warning = (
  config: Parameters<typeof idleInputs>[0],
  inputs: Partial<Record<InputName, string>>
) => idleInputsWarning(idleInputs(config, reader(inputs)))

describe('inputs that do nothing with the other settings', () => {
  it.each([
    [{ headers: 'X-Gateway: abc' }, 'Input "headers" does nothing with "mwaa-environment"'],
    [{ 'api-path': '/api/v2' }, 'Input "api-path" does nothing with "mwaa-environment"'],
    [
      { headers: 'X-Gateway: abc', 'api-path': '/api/v1' },
      'Inputs "headers" and "api-path" do nothing with "mwaa-environment"'
    ]
  ] as const)('with MWAA: %o', (inputs, said) => {
    const text = warning(MWAA, inputs)
    expect(text).toContain(said)
    expect(text).toContain("headers go only to base-url's origin, which then gets none")
    // A header's value may be a credential: only the input's name is said.
    expect(text).not.toContain('abc')
  })

  it.each([
    [{ 'wait-timeout-seconds': '60' }, 'Input "wait-timeout-seconds" does nothing without'],
    [
      { 'poll-interval-seconds': '5', 'stop-run-on-cancel': 'true' },
      'Inputs "poll-interval-seconds" and "stop-run-on-cancel" do nothing without "wait: true"'
    ]
  ] as const)('without wait: %o', (inputs, said) => {
    expect(warning({ ...DIRECT, wait: false }, inputs)).toContain(said)
  })

  it('says both at once, in one warning', () => {
    const text = warning(
      { ...MWAA, wait: false },
      { 'api-path': '/x', 'stop-run-on-cancel': 'true' }
    )
    expect(text).toMatch(/"api-path" does nothing with .*"stop-run-on-cancel" does nothing without/)
  })

  it.each([
    ['headers and api-path reach a direct Airflow', DIRECT, { headers: 'A: b', 'api-path': '/x' }],
    [
      'wait settings with wait',
      MWAA,
      { 'wait-timeout-seconds': '60', 'stop-run-on-cancel': 'true' }
    ],
    [
      'defaults and empty values',
      { ...MWAA, wait: false },
      { 'wait-timeout-seconds': '3600', 'stop-run-on-cancel': 'false', headers: '  ' }
    ]
  ] as const)('says nothing of %s', (_name, config, inputs) => {
    expect(warning(config, inputs)).toBeUndefined()
  })
})
