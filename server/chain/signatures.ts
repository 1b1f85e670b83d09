/**
 * Did this address sign this message? An externally-owned account is checked offline
 * (ecrecover); a smart account (ERC-1271, or ERC-6492 before deployment) is asked on
 * its chain when that chain is configured.
 */
import { type Address, type Hex, verifyMessage } from 'viem'
import { type ChainClients } from './clients'

export interface VerifyAccountSignatureParameters {
  address: Address
  message: string
  signature: Hex
  /** Where a smart account lives; default the first configured chain. */
  chainId?: string | undefined
}

/**
 * @example
 * await verifyAccountSignature(clients, { address, message, signature }) // true
 */
export async function verifyAccountSignature(clients: ChainClients, { address, message, signature, chainId }: VerifyAccountSignatureParameters): Promise<boolean> {
  try {
    if (await verifyMessage({ address, message, signature })) return true
  } catch {
    // Not a well-formed ECDSA signature: perhaps a smart account's; ask the chain below.
  }
  const client = clients.client(chainId ?? clients.chains[0]?.chainId ?? '')
  if (client === undefined) return false
  try {
    return await client.verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}
