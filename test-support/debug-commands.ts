import { afterAll, beforeAll, vi } from 'vitest'

/**
 * Keeps the `::debug::` workflow commands that code run in the test process writes (`@actions/glob`
 * logs every search through `core.debug`) out of the test output, for the file that calls it.
 * Everything else written to stdout, other workflow commands included, still goes through.
 */
export function dropDebugCommands(): void {
  beforeAll(() => {
    const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown, ...rest: unknown[]) =>
      String(chunk).startsWith('::debug::') ? true : write(chunk, ...rest)
    )
  })
  afterAll(() => {
    vi.mocked(process.stdout.write).mockRestore()
  })
}
