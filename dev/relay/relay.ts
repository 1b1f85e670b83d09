// A small, faithful WalletConnect relay for the local stack and the tests. The hosted
// relay is unreachable from this machine; this one speaks the same JSON-RPC over a
// websocket, so real `@walletconnect/sign-client` dapps and wallets pair through it.
// What it does (and does not) is listed in docs/walletconnect.md.
import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocket, WebSocketServer, type RawData } from 'ws'
import { createMailbox, type StoredMessage } from './mailbox'

/** Tags the relay stamps on the messages it publishes itself (WalletConnect sign protocol). */
export const RelayTags = {
  sessionPropose: 1100,
  sessionProposeResponse: 1101,
  sessionSettle: 1102,
} as const

/** JSON-RPC error codes the relay answers with. */
export const RelayErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
} as const

export type RelayOptions = {
  /** Port on `host`; 0 (the default) picks a free one. The local stack uses 8789. */
  port?: number | undefined
  host?: string | undefined
  /** Websocket ping period; Node sign-clients drop a socket that is silent for 35 s. */
  pingIntervalMs?: number | undefined
  /** Clock for message TTLs and `publishedAt`. */
  now?: (() => number) | undefined
  /** Called with one line per connection and method, for debugging. */
  log?: ((line: string) => void) | undefined
}

export type Relay = {
  /** `ws://host:port`, the value for `endpoints.relay` and the wallet's `relayUrl`. */
  url: string
  port: number
  /** Live messages held, over all topics. */
  storedMessages(): number
  /** Open client sockets. */
  connections(): number
  /** Closes every socket and the server; stored messages are dropped. */
  stop(): Promise<void>
}

type Connection = {
  socket: WebSocket
  /** The client's `did:key` from its auth token (unverified), or a random id without one. */
  clientId: string
  /** Topic → subscription id. */
  subscriptions: Map<string, string>
  /** Pushed `irn_subscription` ids not yet acknowledged, with what they carried. */
  unacknowledged: Map<number, StoredMessage>
  alive: boolean
}

type JsonRpcRequest = { id: number | string; jsonrpc?: string; method: string; params?: unknown }
type Params = Record<string, unknown>

class RelayRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Starts the relay on `127.0.0.1`.
 *
 * It answers `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`,
 * `irn_batchUnsubscribe`, `irn_publish`, `irn_batchPublish`, `irn_batchFetchMessages`,
 * and the sign protocol's `wc_proposeSession` / `wc_approveSession`; pushes
 * `irn_subscription`; keeps messages per topic until their TTL for later subscribers;
 * never echoes a message to its publisher; pings every socket every 15 s. The auth
 * query is read for the client id only, never verified.
 *
 * @example
 * const relay = await startRelay({ port: 8789 })
 * SignClient.init({ projectId, relayUrl: relay.url })
 * await relay.stop()
 */
export async function startRelay(options: RelayOptions = {}): Promise<Relay> {
  const now = options.now ?? Date.now
  const log = options.log ?? (() => {})
  const mailbox = createMailbox(now)
  const connections = new Set<Connection>()
  let pushId = 0
  const nextPushId = () => now() * 1000 + (pushId++ % 1000)

  const server = new WebSocketServer({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const { port, address } = server.address() as AddressInfo

  function send(connection: Connection, payload: unknown) {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload))
  }

  function subscriptionId(connection: Connection, topic: string) {
    // The id a sign-client computes for itself (sha256 of topic + client id), so ids agree.
    return createHash('sha256')
      .update(topic + connection.clientId)
      .digest('hex')
  }

  function deliver(connection: Connection, stored: StoredMessage) {
    const id = connection.subscriptions.get(stored.topic)
    if (id === undefined || stored.publisherId === connection.clientId || stored.deliveredTo.has(connection.clientId)) return
    stored.deliveredTo.add(connection.clientId)
    const push = nextPushId()
    connection.unacknowledged.set(push, stored)
    const data = { topic: stored.topic, message: stored.message, publishedAt: stored.publishedAt, tag: stored.tag, ...(stored.attestation ? { attestation: stored.attestation } : {}) }
    send(connection, { id: push, jsonrpc: '2.0', method: 'irn_subscription', params: { id, data } })
  }

  function subscribe(connection: Connection, topic: string): string {
    const id = connection.subscriptions.get(topic) ?? subscriptionId(connection, topic)
    connection.subscriptions.set(topic, id)
    // Stored messages go out after the subscribe answer, like the hosted relay's mailbox.
    setImmediate(() => mailbox.list(topic).forEach((stored) => deliver(connection, stored)))
    return id
  }

  function publish(connection: Connection, input: { topic: string; message: string; ttl: number; tag: number; attestation?: string | undefined }) {
    const stored = mailbox.add({ topic: input.topic, message: input.message, ttlSeconds: input.ttl, tag: input.tag, attestation: input.attestation, publisherId: connection.clientId })
    if (!stored) return
    log(`publish ${short(input.topic)} tag ${input.tag} from ${short(connection.clientId)}`)
    for (const other of connections) if (other !== connection) deliver(other, stored)
  }

  const methods: Record<string, (connection: Connection, params: Params) => unknown> = {
    irn_subscribe(connection, params) {
      return subscribe(connection, text(params, 'topic'))
    },
    irn_batchSubscribe(connection, params) {
      return list(params, 'topics').map((topic) => subscribe(connection, asText(topic, 'topics[]')))
    },
    irn_unsubscribe(connection, params) {
      connection.subscriptions.delete(text(params, 'topic'))
      return true
    },
    irn_batchUnsubscribe(connection, params) {
      for (const entry of list(params, 'subscriptions')) connection.subscriptions.delete(text(entry as Params, 'topic'))
      return true
    },
    irn_publish(connection, params) {
      publish(connection, publishInput(params))
      return true
    },
    irn_batchPublish(connection, params) {
      for (const entry of list(params, 'messages')) publish(connection, publishInput(entry as Params))
      return true
    },
    irn_batchFetchMessages(connection, params) {
      const messages = list(params, 'topics').flatMap((topic) => {
        const name = asText(topic, 'topics[]')
        if (!connection.subscriptions.has(name)) return []
        return mailbox.list(name).filter((m) => m.publisherId !== connection.clientId && !m.deliveredTo.has(connection.clientId))
      })
      messages.forEach((m) => m.deliveredTo.add(connection.clientId))
      return { messages: messages.map(({ topic, message, publishedAt, tag, attestation }) => ({ topic, message, publishedAt, tag, ...(attestation ? { attestation } : {}) })), hasMore: false }
    },
    /** The dapp's proposal: stored on the pairing topic (tag 1100); the dapp listens there for the answer. */
    wc_proposeSession(connection, params) {
      const pairingTopic = text(params, 'pairingTopic')
      subscribe(connection, pairingTopic)
      publish(connection, { topic: pairingTopic, message: text(params, 'sessionProposal'), ttl: ttlOf(params), tag: RelayTags.sessionPropose, attestation: optionalText(params, 'attestation') })
      return true
    },
    /** The wallet's approval: the response on the pairing topic (1101), the settle request on the new session topic (1102). */
    wc_approveSession(connection, params) {
      const pairingTopic = text(params, 'pairingTopic')
      const sessionTopic = text(params, 'sessionTopic')
      const ttl = ttlOf(params)
      subscribe(connection, pairingTopic)
      subscribe(connection, sessionTopic)
      publish(connection, { topic: pairingTopic, message: text(params, 'sessionProposalResponse'), ttl, tag: RelayTags.sessionProposeResponse })
      publish(connection, { topic: sessionTopic, message: text(params, 'sessionSettlementRequest'), ttl, tag: RelayTags.sessionSettle })
      return true
    },
  }

  function handleRequest(connection: Connection, request: JsonRpcRequest) {
    const respond = (body: { result: unknown } | { error: { code: number; message: string } }) => send(connection, { id: request.id, jsonrpc: '2.0', ...body })
    const method = methods[request.method]
    if (!method) return respond({ error: { code: RelayErrorCodes.methodNotFound, message: `Method not found: ${request.method}` } })
    try {
      const params = request.params
      if (params === null || typeof params !== 'object' || Array.isArray(params)) throw new RelayRpcError(RelayErrorCodes.invalidParams, 'Invalid params: expected an object')
      log(`${request.method} from ${short(connection.clientId)}`)
      respond({ result: method(connection, params as Params) })
    } catch (error) {
      if (error instanceof RelayRpcError) return respond({ error: { code: error.code, message: error.message } })
      throw error
    }
  }

  function handleMessage(connection: Connection, raw: RawData) {
    let payload: unknown
    try {
      payload = JSON.parse(raw.toString())
    } catch {
      return send(connection, { id: null, jsonrpc: '2.0', error: { code: RelayErrorCodes.parseError, message: 'Parse error' } })
    }
    for (const entry of Array.isArray(payload) ? payload : [payload]) {
      const message = entry as Partial<JsonRpcRequest> & { result?: unknown; error?: unknown }
      if (typeof message?.method === 'string' && message.id !== undefined) {
        handleRequest(connection, message as JsonRpcRequest)
      } else if (message && ('result' in message || 'error' in message) && typeof message.id === 'number') {
        // The client acknowledged an irn_subscription push.
        connection.unacknowledged.delete(message.id)
      } else {
        send(connection, { id: message?.id ?? null, jsonrpc: '2.0', error: { code: RelayErrorCodes.invalidRequest, message: 'Invalid request' } })
      }
    }
  }

  server.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    const connection: Connection = { socket, clientId: clientIdOf(request), subscriptions: new Map(), unacknowledged: new Map(), alive: true }
    connections.add(connection)
    log(`connect ${short(connection.clientId)}`)
    socket.on('pong', () => (connection.alive = true))
    socket.on('message', (raw) => handleMessage(connection, raw))
    socket.on('error', () => socket.terminate())
    socket.on('close', () => {
      connections.delete(connection)
      // What the socket never acknowledged goes out again when the client comes back.
      for (const stored of connection.unacknowledged.values()) stored.deliveredTo.delete(connection.clientId)
      log(`close ${short(connection.clientId)}`)
    })
  })

  const ticker = setInterval(() => {
    mailbox.sweep()
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate()
        continue
      }
      connection.alive = false
      connection.socket.ping()
    }
  }, options.pingIntervalMs ?? 15_000)
  ticker.unref()

  const host = address.includes(':') ? `[${address}]` : address
  return {
    url: `ws://${host}:${port}`,
    port,
    storedMessages: () => mailbox.size(),
    connections: () => connections.size,
    async stop() {
      clearInterval(ticker)
      for (const connection of connections) connection.socket.terminate()
      mailbox.clear()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/** The client id a sign-client puts in its auth token (`iss`, a did:key). The token is not verified. */
function clientIdOf(request: IncomingMessage): string {
  try {
    const auth = new URL(request.url ?? '/', 'ws://relay').searchParams.get('auth')
    const payload = auth?.split('.')[1]
    if (payload) {
      const iss = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iss?: unknown }).iss
      if (typeof iss === 'string' && iss) return iss
    }
  } catch {
    // A malformed token is ignored like a missing one.
  }
  return `anonymous:${randomUUID()}`
}

function asText(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.length === 0) throw new RelayRpcError(RelayErrorCodes.invalidParams, `Invalid params: ${name} must be a non-empty string`)
  return value
}
const text = (params: Params, name: string) => asText(params[name], name)
const optionalText = (params: Params, name: string) => (typeof params[name] === 'string' ? (params[name] as string) : undefined)

function list(params: Params, name: string): unknown[] {
  const value = params[name]
  if (!Array.isArray(value)) throw new RelayRpcError(RelayErrorCodes.invalidParams, `Invalid params: ${name} must be an array`)
  return value
}

function ttlOf(params: Params): number {
  const ttl = params.ttl
  if (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0) throw new RelayRpcError(RelayErrorCodes.invalidParams, 'Invalid params: ttl must be a positive number of seconds')
  return ttl
}

function publishInput(params: Params) {
  const tag = params.tag
  return {
    topic: text(params, 'topic'),
    message: text(params, 'message'),
    ttl: ttlOf(params),
    tag: typeof tag === 'number' ? tag : 0,
    attestation: optionalText(params, 'attestation'),
  }
}

function short(value: string) {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-6)}` : value
}
