import type { AwsCredentials } from './aws-settings.js'

/** Adds SigV4's headers (`authorization`, `x-amz-date`, the session token) to a request. */
export type Signer = (request: {
  url: URL
  headers: Record<string, string>
  body: string
}) => Promise<Record<string, string>>

/** The hex signature in SigV4's `Authorization` header, or undefined. */
export function signatureOf(authorization: string | undefined): string | undefined {
  return /\bSignature=([0-9a-f]{16,512})(?:,|$)/i.exec(authorization ?? '')?.[1]
}

/**
 * A SigV4 signer for `service`: MWAA's signing name `airflow` (service-2.json metadata
 * "signingName") unless another is given. AWS's own @smithy/signature-v4, the signer of every AWS
 * SDK for JavaScript v3 client, with Node's SHA-256 (@smithy/hash-node); loaded only when AWS is
 * called, so other runs never read it. Each signature is handed to `mask` before it is sent: it is
 * made of the secret key, and a server may echo it bare, with no `Signature=` before it.
 */
export async function loadSigner(
  region: string,
  credentials: AwsCredentials,
  mask: (secret: string) => void,
  service = 'airflow'
): Promise<Signer> {
  const [{ SignatureV4 }, { Hash }] = await Promise.all([
    import('@smithy/signature-v4'),
    import('@smithy/hash-node')
  ])
  const signer = new SignatureV4({
    service,
    region,
    credentials,
    sha256: Hash.bind(null, 'sha256')
  })
  return async ({ url, headers, body }) => {
    const signed = await signer.sign({
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query: {},
      headers: { ...headers, host: url.host },
      body
    })
    const signature = signatureOf(signed.headers.authorization)
    if (signature) mask(signature)
    return signed.headers
  }
}
