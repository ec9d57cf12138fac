/** Runs the project's sandbox in its own process; prints {"url": …} when listening. */
import { startSandbox } from '../../sandbox/server.js'

const sandbox = await startSandbox({ port: 0 })
console.log(JSON.stringify({ url: sandbox.url }))
process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)))
