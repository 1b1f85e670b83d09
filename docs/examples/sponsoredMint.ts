// docs/smart-accounts.md "Sponsored gas from the dapp": a dapp asks for its mint to be paid by
// its own paymaster (ERC-7677) through EIP-5792, with viem, whichever wallet the visitor
// connected. Inside this repository the example imports Portico's source; a dapp imports
// the same names from 'portico'.
import { createWalletClient, custom, parseAbi, type Address, type Chain, type Hash } from 'viem'
import type { Portico } from '../../src'

const nftAbi = parseAbi(['function mint(address to) returns (uint256)'])

/**
 * Mints an NFT to the connected account on `chain` (the dapp's viem chain, e.g. `base`
 * from 'viem/chains') in one EIP-5792 batch, asking the wallet to use
 * `paymasterUrl` (e.g. `${server}/v1/paymaster?projectId=…&chainId=1`) when it says it
 * can; `optional` lets a wallet that cannot reach that URL choose (its own paymaster, or
 * the account pays). Resolves with the transaction hash once the batch is mined.
 */
export async function sponsoredMint(portico: Portico, chain: Chain, nft: Address, paymasterUrl: string): Promise<Hash> {
  const client = createWalletClient({ chain, transport: custom(portico.getProvider('eip155')) })
  const [account] = await client.getAddresses()
  if (!account) throw new Error('No account')
  const capabilities = await client.getCapabilities({ account, chainId: chain.id })
  const { id } = await client.sendCalls({
    account,
    calls: [{ to: nft, abi: nftAbi, functionName: 'mint', args: [account] }],
    capabilities: capabilities.paymasterService?.supported ? { paymasterService: { url: paymasterUrl, optional: true } } : {},
  })
  const { status, receipts } = await client.waitForCallsStatus({ id, pollingInterval: 250 })
  const hash = receipts?.[0]?.transactionHash
  if (status !== 'success' || hash === undefined) throw new Error(`The mint did not succeed (${status})`)
  return hash
}
