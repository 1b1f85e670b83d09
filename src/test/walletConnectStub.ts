import type { WalletConnectClient, WalletConnectEvent, WalletConnectSessionInfo } from '../walletconnect/types'

// A stand-in WalletConnect client for the saga tests that run under fake timers (the
// real sign-client keeps its own timers): pairings hand out URIs whose approval the
// test settles. The real client against the local relay is in walletConnect.relay.test.ts.

export type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void }

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  promise.catch(() => {})
  return { promise, resolve, reject }
}

/**
 * The client, the approvals of its pairings in order, the pairing topics it abandoned, how
 * many pairings it made, and `emit`, which plays a session event (the wallet's side).
 */
export function stubWalletConnectClient(options: { restored?: WalletConnectSessionInfo } = {}) {
  const approvals: Deferred<WalletConnectSessionInfo>[] = []
  const listeners = new Set<(event: WalletConnectEvent) => void>()
  const abandoned: string[] = []
  let pairings = 0
  let restores = 0
  const client: WalletConnectClient = {
    initialized: true,
    init: async () => {},
    async connect() {
      pairings++
      const approval = deferred<WalletConnectSessionInfo>()
      approvals.push(approval)
      const topic = `${pairings}`.padStart(64, '0')
      return { uri: `wc:${topic}@2?relay-protocol=irn&symKey=${'ab'.repeat(32)}`, pairingTopic: topic, approval: approval.promise }
    },
    abandonPairing: async (topic) => {
      abandoned.push(topic)
    },
    request: async () => undefined as never,
    switchNetwork: async () => {},
    disconnect: async () => {},
    getSession: () => undefined,
    restoreSession: () => {
      restores++
      return options.restored
    },
    getChain: () => undefined,
    onEvent: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    destroy: async () => {},
  }
  const emit = (event: WalletConnectEvent) => listeners.forEach((listener) => listener(event))
  return { client, approvals, abandoned, emit, pairings: () => pairings, restores: () => restores }
}

/** An approved session on eip155:10 and eip155:1 for `address`. */
export const wcSession = (address = '0x1111111111111111111111111111111111111111'): WalletConnectSessionInfo => ({
  topic: 'session-topic',
  pairingTopic: 'p',
  peer: { name: 'Test Wallet', description: '', url: 'https://wallet.example', icons: ['https://wallet.example/icon.png'] },
  namespaces: { eip155: { accounts: [`eip155:10:${address}`, `eip155:1:${address}`], chains: ['eip155:10', 'eip155:1'], methods: ['personal_sign'], events: [] } },
  expiry: Date.now() + 7 * 86_400_000,
})
