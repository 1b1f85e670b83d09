/**
 * An EIP-1193 provider over the frame client, so the eip155 plugin drives the embedded
 * wallet exactly as it drives a browser wallet (connect, sign, send, switch network,
 * EIP-5792): the embedded connector is `attach`ed to the plugin with this provider.
 *
 * What it answers itself: `eth_accounts` / `eth_requestAccounts` (the signed-in user's
 * address), `eth_chainId` (the frame's current EVM chain), `wallet_switchEthereumChain`
 * (the frame's SWITCH_NETWORK), `wallet_addEthereumChain` (refused, 4200: the frame's
 * chains come from its own config) and `wallet_revokePermissions` (SIGN_OUT: revoking the
 * dapp's access to the embedded wallet is signing out of it). Everything else goes to
 * the frame as an RPC_REQUEST; the client refuses what the frame does not allow.
 *
 * Events: `accountsChanged`, `chainChanged` and `disconnect`, from the frame's
 * ACCOUNT_CHANGED, CHAIN_CHANGED and SESSION_EXPIRED, and from a network switch.
 */
import { RpcError } from '../errors/rpc'
import { ProviderRpcCode } from '../errors/rpcCodes'
import type { FrameClient, FrameClientEvent } from './client'
import { FrameProtocolError, FrameRequestError } from './errors'
import type { FrameChainId, FrameUser } from './protocol'
import { isAllowedRpcMethod, type AllowedRpcMethod, type RpcParams } from './rpc'

export type FrameProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect'

export type FrameProvider = {
  request(args: { method: string; params?: readonly unknown[] | object | undefined }): Promise<unknown>
  on(event: string, listener: (...args: unknown[]) => void): FrameProvider
  removeListener(event: string, listener: (...args: unknown[]) => void): FrameProvider
  /** The signed-in user's EVM address, undefined when signed out. */
  address(): string | undefined
  /** The frame's current EVM chain id (a number). */
  chainId(): number
  /** Records the user the frame signed in (CONNECT_OTP, GET_USER) when on an EVM chain; no event. */
  setUser(user: FrameUser): void
  /** Forgets the user (signed out elsewhere); no event. */
  clearUser(): void
  /** Stops listening to the client. */
  destroy(): void
}

/** Wallet codes the provider answers with (EIP-1193 / EIP-1474). */

/** The EVM chain id of a frame chain id; undefined for another namespace. */
export function evmChainId(chainId: FrameChainId): number | undefined {
  if (typeof chainId === 'number') return Number.isSafeInteger(chainId) && chainId > 0 ? chainId : undefined
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(chainId)
  return match ? Number(match[1]) : undefined
}

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

function parseHexChainId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined
  if (typeof value !== 'string') return undefined
  const id = /^0x[0-9a-f]+$/i.test(value) ? Number.parseInt(value, 16) : /^[0-9]+$/.test(value) ? Number(value) : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * A frame error as a wallet error: the frame's numeric code (4001 declined, 4100, 4200,
 * 4901, 4902, 5700–5760 …) becomes an `RpcError` with that code and the frame's message,
 * so the plugin's handling of wallet codes applies unchanged. A method the client refuses
 * to send is 4200. Anything else (load failure, timeout, abort) is passed on as is.
 */
export function toProviderError(error: unknown): unknown {
  if (error instanceof FrameRequestError && typeof error.remoteCode === 'number') {
    return new RpcError(error.remoteCode, { message: error.shortMessage, cause: error })
  }
  if (error instanceof FrameProtocolError && error.shortMessage.startsWith('RPC method')) {
    return new RpcError(ProviderRpcCode.UnsupportedMethod, { message: error.shortMessage, cause: error })
  }
  return error
}

/**
 * @example
 * const provider = createFrameProvider({ client })
 * provider.setUser(user)                                       // after CONNECT_OTP
 * await provider.request({ method: 'eth_accounts' })           // [user.address]
 * await provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', user.address] })
 */
export function createFrameProvider({ client, chainId: initialChain = 1 }: { client: FrameClient; chainId?: number | undefined }): FrameProvider {
  let address: string | undefined
  let chainId = initialChain
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()

  const emit = (event: FrameProviderEvent, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(value)
      } catch {
        // A listener's failure is its own; the others still hear the event.
      }
    }
  }
  const setChain = (next: FrameChainId) => {
    const id = evmChainId(next)
    if (id === undefined || id === chainId) return
    chainId = id
    emit('chainChanged', toHex(id))
  }

  const unsubscribe = client.subscribe((event: FrameClientEvent) => {
    switch (event.type) {
      case 'accountChanged': {
        const id = evmChainId(event.chainId)
        // An account on another namespace (the frame switched to Solana) is not this provider's.
        if (id === undefined) return
        setChain(id)
        if (address !== undefined && event.address !== address) {
          address = event.address
          emit('accountsChanged', [event.address])
        }
        return
      }
      case 'chainChanged':
        setChain(event.chainId)
        return
      case 'sessionExpired':
        if (address === undefined) return
        address = undefined
        emit('disconnect', new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'The embedded wallet session expired' }))
        return
      default:
        return
    }
  })

  const requireAccount = () => {
    if (address === undefined) throw new RpcError(ProviderRpcCode.Unauthorized, { message: 'Sign in to the embedded wallet first' })
    return address
  }

  const provider: FrameProvider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
          return address === undefined ? [] : [address]
        case 'eth_requestAccounts':
          return [requireAccount()]
        case 'eth_chainId':
          return toHex(chainId)
        case 'wallet_switchEthereumChain': {
          const target = parseHexChainId((Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined)?.chainId)
          if (target === undefined) throw new RpcError(ProviderRpcCode.InvalidParams, { message: 'wallet_switchEthereumChain needs [{ chainId }]' })
          if (target === chainId) return null
          try {
            const answer = await client.switchNetwork(`eip155:${target}`)
            setChain(answer.chainId)
          } catch (error) {
            throw toProviderError(error)
          }
          return null
        }
        case 'wallet_addEthereumChain':
          throw new RpcError(ProviderRpcCode.UnsupportedMethod, { message: 'The embedded wallet cannot add networks; it offers the networks of its own configuration' })
        case 'wallet_revokePermissions':
          address = undefined
          // SIGN_OUT ends the session whatever the server says (the client clears the login cache either way).
          try {
            await client.signOut()
          } catch (error) {
            throw toProviderError(error)
          }
          return null
        default: {
          if (!isAllowedRpcMethod(method)) throw new RpcError(ProviderRpcCode.UnsupportedMethod, { message: `RPC method '${method}' is not allowed by the embedded wallet` })
          try {
            return await client.rpcRequest(method as AllowedRpcMethod, params as RpcParams<AllowedRpcMethod>, { chainId })
          } catch (error) {
            // The smart account's "no ETH to pay the network fee" (code 'AA21') as the viem
            // error viem and wagmi pass on to the dapp with that sentence (feeError.ts, loaded then).
            if (error instanceof FrameRequestError && error.remoteCode === 'AA21') throw new (await import('./feeError')).NoFundsForFeeError(error)
            throw toProviderError(error)
          }
        }
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (set === undefined) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    address: () => address,
    chainId: () => chainId,
    setUser(user) {
      const id = evmChainId(user.chainId)
      // A user on another namespace's chain has no EVM address to offer here.
      if (id === undefined) return
      chainId = id
      address = user.address
    },
    clearUser() {
      address = undefined
    },
    destroy() {
      unsubscribe()
      listeners.clear()
    },
  }
  return provider
}
