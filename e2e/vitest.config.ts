import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

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
