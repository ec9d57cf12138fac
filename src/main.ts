import * as core from '@actions/core'
import { parseConfig, type Config } from './config/config.js'
import { INPUT } from './config/inputs.js'
import { renderStopSummary } from './summary/stop-summary.js'
import { writeSummary } from './summary/write.js'

/** Masks every secret input before anything else runs, so no later message can reveal one. */
function maskSecrets(): void {
  for (const name of [INPUT.token, INPUT.githubToken, INPUT.password, INPUT.appPassword]) {
    const value = core.getInput(name)
    if (value) core.setSecret(value)
  }
}

function withoutSecrets(config: Config): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...config, baseUrl: config.baseUrl.href }
  if (config.mode === 'trigger') {
    shown.auth =
      config.auth.kind === 'token'
        ? { kind: 'token' }
        : { kind: 'password', username: config.auth.username }
    shown.githubToken = config.githubToken ? '***' : ''
  } else {
    shown.appPassword = '***'
  }
  return shown
}

export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    maskSecrets()
    const config = parseConfig(name => core.getInput(name))
    core.debug(`Resolved settings: ${JSON.stringify(withoutSecrets(config))}`)
    // Each mode is loaded on demand: a run pays only for the code it uses.
    if (config.mode === 'trigger') {
      const { runTriggerMode } = await import('./trigger/mode.js')
      await runTriggerMode(config, env)
    } else {
      const { runUploadMode } = await import('./upload/mode.js')
      await runUploadMode(config, env.GITHUB_WORKSPACE || process.cwd())
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    core.setFailed(message)
    // The summary gets its section even when the run stopped before it could report anything.
    await writeSummary(renderStopSummary(message))
  }
}
