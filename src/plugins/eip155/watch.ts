import type { CaipNetworkId } from '../../types/network'
import type { ConnectorEvent } from '../types'
import type { Eip1193Provider } from './runtime'

/** MetaMask's "temporarily disconnected, reconnecting" code: not a real disconnect. */
const TEMPORARY_DISCONNECT = 1013

/**
 * Turns a wallet's EIP-1193 chain id (hex `0xa`, or a decimal number or string from
 * older wallets) into a CAIP-2 id; undefined when it is not a chain id.
 *
 * @example
 * toCaipNetworkId('0xa') // 'eip155:10'
 * toCaipNetworkId(137)   // 'eip155:137'
 */
export function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  const id = parseChainId(chainId)
  return id === undefined ? undefined : `eip155:${id}`
}

export function parseChainId(chainId: unknown): number | undefined {
  let id: number | undefined
  if (typeof chainId === 'number') id = chainId
  else if (typeof chainId === 'string' && /^0x[0-9a-f]+$/i.test(chainId)) id = Number.parseInt(chainId, 16)
  else if (typeof chainId === 'string' && /^[0-9]+$/.test(chainId)) id = Number(chainId)
  return id !== undefined && Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * Subscribes to a provider's `accountsChanged`, `chainChanged` and `disconnect` and
 * reports them as `ConnectorEvent`s, in the order the wallet fired them. Addresses go
 * through `normalizeAccounts` (EIP-55 checksums, loaded lazily), which is why events
 * pass through a queue: an account change can never overtake the chain change before it.
 * Returns the function that removes every listener it added.
 */
export function watchProvider(provider: Eip1193Provider, onEvent: (event: ConnectorEvent) => void, normalizeAccounts: (accounts: readonly string[]) => Promise<readonly string[]>): () => void {
  let stopped = false
  let queue: Promise<void> = Promise.resolve()
  const enqueue = (next: () => Promise<ConnectorEvent | undefined> | ConnectorEvent | undefined) => {
    queue = queue
      .then(next)
      .then((event) => {
        if (event && !stopped) onEvent(event)
      })
      // A malformed event is dropped; the next one still goes through.
      .catch(() => {})
  }

  const onAccountsChanged = (accounts: unknown) => {
    const list = Array.isArray(accounts) ? accounts.filter((a): a is string => typeof a === 'string') : []
    enqueue(async () => ({ type: 'accountsChanged', accounts: list.length ? await normalizeAccounts(list) : [] }))
  }
  const onChainChanged = (chainId: unknown) => {
    const caipNetworkId = toCaipNetworkId(chainId)
    if (caipNetworkId) enqueue(() => ({ type: 'chainChanged', caipNetworkId }))
  }
  const onDisconnect = (error: unknown) => {
    enqueue(async () => {
      if ((error as { code?: unknown } | undefined)?.code === TEMPORARY_DISCONNECT) {
        const accounts = await provider.request({ method: 'eth_accounts' }).catch(() => [])
        if (Array.isArray(accounts) && accounts.length > 0) return undefined
      }
      return { type: 'disconnect' }
    })
  }

  const listeners = [
    ['accountsChanged', onAccountsChanged],
    ['chainChanged', onChainChanged],
    ['disconnect', onDisconnect],
  ] as const
  for (const [event, listener] of listeners) provider.on?.(event, listener as (...args: unknown[]) => void)
  return () => {
    stopped = true
    for (const [event, listener] of listeners) {
      const remove = provider.removeListener ?? provider.off
      remove?.call(provider, event, listener as (...args: unknown[]) => void)
    }
  }
}
