// The relay's message store: every published message is kept on its topic until its
// TTL passes, so a client that subscribes later (the wallet scanning a QR code minutes
// after the dapp proposed) still receives it. Plain data; the relay owns delivery.

export type StoredMessage = {
  topic: string
  message: string
  /** Epoch ms, as the relay stamps it (the `publishedAt` clients sort by). */
  publishedAt: number
  /** Epoch ms after which the message is dropped. */
  expiresAt: number
  /** WalletConnect's message tag (1100 proposal, 1101 approval, 1102 settle, ...). */
  tag: number
  attestation?: string | undefined
  /** Client id of the publisher: the relay never echoes a message back to it. */
  publisherId: string
  /** Client ids the message was handed to (and not lost to a closed socket). */
  deliveredTo: Set<string>
}

export type Mailbox = ReturnType<typeof createMailbox>

/**
 * Per-topic storage with expiry. `now` is injectable so TTL rules are testable.
 *
 * @example
 * const mailbox = createMailbox()
 * mailbox.add({ topic, message, ttlSeconds: 300, tag: 1100, publisherId: 'did:key:z6Mk...' })
 * mailbox.list(topic) // [{ topic, message, publishedAt, expiresAt, tag, ... }]
 */
export function createMailbox(now: () => number = Date.now) {
  const topics = new Map<string, StoredMessage[]>()

  /** Live messages of `topic`, oldest first; drops the expired ones on the way. */
  function list(topic: string): StoredMessage[] {
    const stored = topics.get(topic)
    if (!stored) return []
    const time = now()
    const live = stored.filter((m) => m.expiresAt > time)
    if (live.length === 0) topics.delete(topic)
    else if (live.length !== stored.length) topics.set(topic, live)
    return live
  }

  return {
    list,
    /**
     * Stores a message. Returns `undefined` when the topic already holds the same
     * message (a client re-publishing after a timeout): the relay acknowledges it but
     * neither stores nor delivers it twice.
     */
    add(input: { topic: string; message: string; ttlSeconds: number; tag: number; attestation?: string | undefined; publisherId: string }) {
      const existing = list(input.topic)
      if (existing.some((m) => m.message === input.message)) return undefined
      const publishedAt = now()
      const stored: StoredMessage = {
        topic: input.topic,
        message: input.message,
        publishedAt,
        expiresAt: publishedAt + input.ttlSeconds * 1000,
        tag: input.tag,
        attestation: input.attestation,
        publisherId: input.publisherId,
        deliveredTo: new Set(),
      }
      topics.set(input.topic, [...existing, stored])
      return stored
    },
    /** Drops every expired message (the relay calls this on its ping tick). */
    sweep() {
      for (const topic of [...topics.keys()]) list(topic)
    },
    /** Number of live messages, over all topics (for tests and logs). */
    size() {
      let count = 0
      for (const topic of [...topics.keys()]) count += list(topic).length
      return count
    },
    clear() {
      topics.clear()
    },
  }
}
