import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    globalSetup: ['test-support/build-source.ts'],
    testTimeout: 20_000,
    // Most integration tests wait on the action's own process, not on their worker: one worker
    // more than the cores keeps the cores busy (on 2 cores, 114 s instead of 239 s; a fourth
    // worker gained nothing).
    maxWorkers: availableParallelism() + 1
  }
})
