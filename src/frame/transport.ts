/**
 * The frame client as the plugins' `embedded` capabilities see it (`EmbeddedTransport`,
 * src/types/embeddedTransport.ts): one RPC_REQUEST, a network switch, sign-out and the
 * frame's account and chain events. Nothing here knows a chain family; a plugin builds
 * its wallet shape on top (an EIP-1193 provider, a Wallet Standard wallet).
 */
import { RpcError } from '../errors/rpc'
import { ProviderRpcCode } from '../errors/rpcCodes'
import type { EmbeddedTransport, EmbeddedTransportEvent } from '../types/embeddedTransport'
import type { FrameClient, FrameClientEvent } from './client'
import { FrameProtocolError, FrameRequestError } from './errors'
import { isAllowedRpcMethod, type AllowedRpcMethod, type RpcParams } from './rpc'

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

async function asWalletError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw toProviderError(error)
  }
}

const toTransportEvent = (event: FrameClientEvent): EmbeddedTransportEvent | undefined =>
  event.type === 'accountChanged' || event.type === 'chainChanged' || event.type === 'sessionExpired' ? event : undefined

/**
 * @example
 * const transport = createEmbeddedTransport(frame.client)
 * await transport.request('personal_sign', ['0x68656c6c6f', address], { chainId: 'eip155:1' })
 */
export function createEmbeddedTransport(client: FrameClient): EmbeddedTransport {
  return {
    request<T>(method: string, params: unknown, options: { chainId?: string | number | undefined } = {}) {
      if (!isAllowedRpcMethod(method)) return Promise.reject(new RpcError(ProviderRpcCode.UnsupportedMethod, { message: `RPC method '${method}' is not allowed by the embedded wallet` }))
      const chain = options.chainId === undefined ? {} : { chainId: options.chainId }
      return asWalletError(async () => (await client.rpcRequest(method as AllowedRpcMethod, params as RpcParams<AllowedRpcMethod>, chain)) as T)
    },
    switchNetwork: (chainId) => asWalletError(() => client.switchNetwork(chainId)),
    signOut: () => asWalletError(() => client.signOut()),
    subscribe(listener) {
      return client.subscribe((event) => {
        const forwarded = toTransportEvent(event)
        if (forwarded) listener(forwarded)
      })
    },
  }
}
