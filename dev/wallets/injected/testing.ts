// Test helpers around the dev wallet: a window stand-in for Node tests, and a wrapper
// that makes a real wallet misbehave the way some real wallets do.
import type { RequestArguments } from './provider'
import type { WalletHost } from './install'

type Provider = {
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown
}

/** A `window` for Node tests: an EventTarget with an optional `ethereum`. */
export function createTestHost(): WalletHost & EventTarget {
  return new EventTarget() as WalletHost & EventTarget
}

export type WrapOptions = {
  /** Rewrites a request before the wallet sees it (say, a stale nonce in eth_sendTransaction). */
  rewrite?: (args: RequestArguments) => RequestArguments
  /** Rewrites an error the wallet threw (say, 4902 wrapped as MetaMask mobile does). */
  rewriteError?: (error: unknown, args: RequestArguments) => unknown
}

/**
 * The same wallet behind another object, with requests and errors rewritten, and every
 * request recorded in `calls`. Events pass straight through.
 */
export function wrapProvider(inner: Provider, options: WrapOptions = {}) {
  const calls: RequestArguments[] = []
  const provider = {
    calls,
    async request(args: RequestArguments) {
      const rewritten = options.rewrite ? options.rewrite(args) : args
      calls.push(rewritten)
      try {
        return await inner.request(rewritten)
      } catch (error) {
        throw options.rewriteError ? options.rewriteError(error, rewritten) : error
      }
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      inner.on(event, listener)
      return provider
    },
    removeListener(event: string, listener: (...args: unknown[]) => void) {
      inner.removeListener(event, listener)
      return provider
    },
  }
  return provider
}

/** Announces any provider through EIP-6963 on `host`, as a wallet extension would. */
export function announce(host: EventTarget, provider: object, info: { rdns: string; name: string; icon?: string; uuid?: string }) {
  const detail = Object.freeze({
    info: Object.freeze({ uuid: info.uuid ?? globalThis.crypto.randomUUID(), name: info.name, icon: info.icon ?? '', rdns: info.rdns }),
    provider,
  })
  const send = () => host.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  host.addEventListener('eip6963:requestProvider', send)
  send()
  return () => host.removeEventListener('eip6963:requestProvider', send)
}
