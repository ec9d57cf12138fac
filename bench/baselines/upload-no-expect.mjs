// A raw-body upload as a Node client sends it without `Expect: 100-continue` (as the action did
// before it sent the expectation): the file streams at once, and the server's early answer is
// read alongside. Prints the status and the body bytes that left (the socket's count less the
// request's head). UPLOAD_URL, UPLOAD_FILE, UPLOAD_AUTH (user:password).
import { createReadStream, statSync } from 'node:fs'
import http from 'node:http'

const { UPLOAD_URL, UPLOAD_FILE, UPLOAD_AUTH } = process.env
const size = statSync(UPLOAD_FILE).size
const req = http.request(UPLOAD_URL, {
  method: 'POST',
  headers: {
    Authorization: `Basic ${Buffer.from(UPLOAD_AUTH).toString('base64')}`,
    'Content-Type': 'video/mp4',
    'Content-Disposition': 'attachment; filename="video.mp4"',
    'Content-Length': size
  }
})
req.on('response', res => {
  res.resume()
  res.on('end', () => {
    // The socket's count includes the request's head (`_header`, as Node wrote it).
    const written = req.socket?.bytesWritten ?? 0
    console.log(`${res.statusCode} ${Math.max(0, written - Buffer.byteLength(req._header ?? ''))}`)
    req.destroy()
  })
})
req.on('error', error => {
  console.error(error.message)
  process.exitCode = 1
})
createReadStream(UPLOAD_FILE).pipe(req)
