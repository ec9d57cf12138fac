import { describe, expect, it } from 'vitest'
import {
  canonicalRequest,
  parseAuthorization,
  signature,
  signingKey,
  stringToSign,
  verify
} from '../../sandbox/sigv4.js'

// AWS's worked example of Signature Version 4 (IAM ListUsers, 30 August 2015), with its
// documented example credentials and the values its documentation gives for each step.
const SECRET = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY'
const request = {
  method: 'GET',
  path: '/',
  query: new URLSearchParams('Action=ListUsers&Version=2010-05-08'),
  headers: {
    'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
    host: 'iam.amazonaws.com',
    'x-amz-date': '20150830T123600Z'
  },
  body: Buffer.alloc(0)
}
const SIGNED = ['content-type', 'host', 'x-amz-date']
const SIGNATURE = '5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7'

describe("the stand-in's SigV4 check, against AWS's published example", () => {
  it('derives the documented signing key and signature', () => {
    const key = signingKey(SECRET, '20150830', 'us-east-1', 'iam')
    expect(key.toString('hex')).toBe(
      'c4afb1cc5771d871763a393e44b703571b55cc28424d1a5e86da6ed3c154a4b9'
    )
    const toSign = stringToSign(
      '20150830T123600Z',
      '20150830/us-east-1/iam/aws4_request',
      canonicalRequest(request, SIGNED)
    )
    expect(toSign.split('\n')[3]).toBe(
      'f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59'
    )
    expect(signature(key, toSign)).toBe(SIGNATURE)
  })

  it('accepts the documented Authorization header and refuses one changed byte', () => {
    const header = `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, SignedHeaders=content-type;host;x-amz-date, Signature=${SIGNATURE}`
    const auth = parseAuthorization(header)!
    const scope = { region: 'us-east-1', service: 'iam' }
    expect(verify(request, auth, SECRET, scope)).toBe('ok')
    const query = new URLSearchParams('Action=ListUsers&Version=2010-05-09')
    expect(verify({ ...request, query }, auth, SECRET, scope)).toBe('signature')
    expect(verify(request, auth, SECRET, { ...scope, service: 'airflow' })).toBe('scope')
  })
})
