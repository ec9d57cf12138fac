// Preloaded with `node --import` into an instrumented copy of the bundle (see load-probe.ts): it
// collects marks, per-module evaluation times and chunk load times, and writes them as JSON to
// $BENCH_PROBE_FILE at exit.
import { writeFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'

const marks = { preload: performance.now() }
const modules = []
const chunks = []
const stack = []

globalThis.__benchProbe = {
  mark(name) {
    marks[name] ??= performance.now()
  },
  /** Times one module's first evaluation; `self` excludes the modules it required. */
  time(id, evaluate) {
    const frame = { id, start: performance.now(), inner: 0 }
    stack.push(frame)
    try {
      return evaluate()
    } finally {
      stack.pop()
      const inclusive = performance.now() - frame.start
      const parent = stack.at(-1)
      if (parent) parent.inner += inclusive
      modules.push({
        id: String(id),
        parent: parent ? String(parent.id) : null,
        start: frame.start,
        inclusive,
        self: inclusive - frame.inner
      })
    }
  },
  /** Wraps the bundle's chunk loader to time each import() of a chunk file. */
  wrapChunks(require) {
    const load = require.e
    require.e = chunkId => {
      const start = performance.now()
      return load(chunkId).then(result => {
        chunks.push({ id: String(chunkId), start, ms: performance.now() - start })
        return result
      })
    }
  }
}

process.on('exit', () => {
  const target = process.env.BENCH_PROBE_FILE
  if (!target) return
  writeFileSync(
    target,
    JSON.stringify({
      nodeTiming: performance.nodeTiming.toJSON(),
      marks: { ...marks, exit: performance.now() },
      modules,
      chunks
    })
  )
})
