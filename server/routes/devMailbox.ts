/**
 * The development mailbox (docs/self-hosting.md): the messages the server would
 * have emailed, as JSON, so a developer or a browser test can read a one-time
 * code without an SMTP server. Registered only when DEV_MAILBOX is on, which
 * the environment refuses in production. No CORS: other sites cannot read it.
 *
 * Served only on the machine itself: the server must be bound to a loopback
 * address (HOST=127.0.0.1 or ::1, never 0.0.0.0), and the caller must be on
 * loopback too, by its socket and, behind a trusted proxy, by the client address
 * the proxy names. The Host header must be a loopback name too (localhost, *.localhost,
 * 127.x, [::1]): a page whose own name the attacker rebinds to 127.0.0.1 (DNS rebinding)
 * is same-origin with this route in the browser, but sends its own name as Host.
 * Anything else gets the 404 of a route that does not exist.
 */
import { type FastifyPluginAsync } from 'fastify'
import { type Mailbox, type MailboxMessage } from '../auth/mailer'
import { isLoopback, isLoopbackName } from '../clientAddress'
import { HttpError, errorResponses } from '../httpErrors'

export interface DevMailboxRoutesOptions {
  mailbox: Mailbox
}

const messageSchema = {
  type: 'object',
  required: ['id', 'to', 'subject', 'text', 'purpose', 'code', 'sentAt'],
  properties: {
    id: { type: 'integer' },
    to: { type: 'string' },
    subject: { type: 'string' },
    text: { type: 'string' },
    purpose: { type: 'string' },
    code: { type: 'string' },
    sentAt: { type: 'string' },
  },
} as const

const toJson = (message: MailboxMessage) => ({
  id: message.id,
  to: message.to,
  subject: message.subject,
  text: message.text,
  purpose: message.meta.purpose,
  code: message.meta.code,
  sentAt: message.sentAt,
})

export const devMailboxRoutes: FastifyPluginAsync<DevMailboxRoutesOptions> = async (app, { mailbox }) => {
  app.addHook('onRequest', async (request, reply) => {
    const bound = app.server.address()
    const boundTo = typeof bound === 'object' && bound !== null ? bound.address : undefined
    if (!isLoopback(boundTo) || !isLoopback(request.socket.remoteAddress) || !isLoopback(request.ip) || !isLoopbackName(request.headers.host ?? '')) {
      throw new HttpError(404, 'Not Found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}`)
    }
    reply.header('cache-control', 'no-store')
  })

  app.get('/dev/mailbox', { schema: { response: { 200: { type: 'object', required: ['messages'], properties: { messages: { type: 'array', items: messageSchema } } } } } }, async () => ({
    messages: mailbox.list().map(toJson),
  }))

  app.get<{ Querystring: { to: string } }>(
    '/dev/mailbox/latest',
    {
      schema: {
        querystring: { type: 'object', required: ['to'], properties: { to: { type: 'string', minLength: 1, maxLength: 320 } } },
        response: { 200: messageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const message = mailbox.latest(request.query.to)
      if (message === undefined) throw new HttpError(404, 'Not Found', `No message to '${request.query.to}' in the development mailbox`)
      return toJson(message)
    },
  )
}
