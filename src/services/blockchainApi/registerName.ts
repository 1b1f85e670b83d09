import { cacheKey, segment, type BlockchainApiContext, type CallOptions } from './context'
import { withNameError } from './nameErrors'
import type { Hex, RegisterNameRequest, RegisterNameResponse } from './types'

export type RegisterNameParameters = CallOptions & {
  /** SLIP-44 coin type of `address` (60 for Ethereum). */
  coinType: number
  address: string
  /** The message the account signed (JSON text: name, attributes, timestamp). */
  message: string
  signature: Hex
}
export type RegisterNameReturnType = RegisterNameResponse

/**
 * Registers a name for an address, proved by a signed message (POST /v1/profile/account).
 * The name is in the signed message, so the server can check what was authorised.
 * On success the cached reverse lookup and identity of `address` are dropped, so the
 * new name shows at once.
 *
 * @throws ServiceError 'Error registering name' when the call fails (HTTP error as `cause`).
 *
 * @example
 * const message = JSON.stringify({ name: 'alice.portico.id', attributes: {}, timestamp: Date.now() })
 * const signature = await wallet.signMessage({ message })
 * await api.registerName({ coinType: 60, address, message, signature })
 */
export async function registerName(context: BlockchainApiContext, { coinType, address, message, signature, signal, timeoutMs }: RegisterNameParameters): Promise<RegisterNameReturnType> {
  const body: RegisterNameRequest = { coin_type: coinType, address, message, signature }
  const registered = await withNameError('errorRegisteringName', signal, () => context.http.post<RegisterNameResponse>({ path: '/v1/profile/account', body, signal, timeoutMs }))
  context.cache.delete(cacheKey(`/v1/profile/reverse/${segment(address)}`))
  context.cache.delete(cacheKey(`/v1/identity/${segment(address)}`))
  return registered
}
