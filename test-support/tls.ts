import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A throwaway self-signed certificate for `subject` (CN) and `altName` (e.g. `DNS:host` or
 * `IP:127.0.0.1`), written into `dir`: the key and certificate for a server, and the path of the
 * certificate for NODE_EXTRA_CA_CERTS.
 */
export async function selfSignedCertificate(
  dir: string,
  subject: string,
  altName: string
): Promise<{ key: Buffer; cert: Buffer; certFile: string }> {
  const certFile = path.join(dir, 'cert.pem')
  const keyFile = path.join(dir, 'key.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      `/CN=${subject}`,
      '-addext',
      `subjectAltName=${altName}`
    ],
    { stdio: 'ignore' }
  )
  return { key: await readFile(keyFile), cert: await readFile(certFile), certFile }
}
