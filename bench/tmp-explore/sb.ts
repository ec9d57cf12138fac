import { startSandbox } from '../../sandbox/server.js'
const sb = await startSandbox({ port: 0 })
console.log(sb.url)
