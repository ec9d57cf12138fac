import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    globalSetup: ['test-support/build-source.ts'],
    testTimeout: 20_000
  }
})
