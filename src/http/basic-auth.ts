/** An HTTP Basic Authorization value; the caller masks it, since it is the password in another form. */
export function basicAuthorization(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`
}
