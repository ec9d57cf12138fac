import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

// The stack serves WordPress and the CDNs over https with a CA of its own `up`. Node reads
// NODE_EXTRA_CA_CERTS once, at start: set here, before the test workers start, it reaches them and
// (through test-support/run-action.ts) every action they run.
const stackEnv = path.join(
  path.resolve(process.env.E2E_STATE ?? path.join(repoRoot, '.e2e-state')),
  'stack.env'
)
const caFile = existsSync(stackEnv)
  ? /^TLS_CA_FILE=(.+)$/m.exec(readFileSync(stackEnv, 'utf8'))?.[1]
  : undefined
if (caFile) process.env.NODE_EXTRA_CA_CERTS = caFile

// The suites share one WordPress and one CDN counter, so files and tests run one at a time.
export default defineConfig({
  test: {
    root: repoRoot,
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 120_000,
    hookTimeout: 120_000
  }
})
