/**
 * Request logs without secrets. Fastify logs each request's URL, and some URLs carry
 * one in their query string: the OAuth callback's `state` and `code` (the provider
 * sends them there), and tokens or codes a client might put in a query. Their values
 * become `[redacted]` before anything is written; the rest of the URL stays, so the
 * log still says which route was called.
 */
import { type FastifyRequest } from 'fastify'

/** Query parameters whose values never reach a log. Compared lower case. */
export const REDACTED_QUERY_PARAMS = new Set([
  'state',
  'code',
  'error_description',
  'token',
  'otp',
  'id_token',
  'access_token',
  'refresh_token',
  'attempttoken',
  'resulttoken',
  'channeltoken',
  'deviceid',
  'session',
  'nonce',
])

/**
 * @example
 * redactUrl('/auth/v1/social/callback?state=abc&code=xyz') // '/auth/v1/social/callback?state=[redacted]&code=[redacted]'
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?')
  if (queryAt === -1) return url
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const rawName = equals === -1 ? pair : pair.slice(0, equals)
      let name: string
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '))
      } catch {
        // Undecodable: it could be anything, so it goes.
        return '[redacted]'
      }
      return REDACTED_QUERY_PARAMS.has(name.toLowerCase()) && equals !== -1 ? `${rawName}=[redacted]` : pair
    })
  return `${url.slice(0, queryAt)}?${query.join('&')}`
}

/** Fastify's own request serializer, with the URL redacted. */
export const redactingSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      version: typeof request.headers?.['accept-version'] === 'string' ? request.headers['accept-version'] : undefined,
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }
  },
}
