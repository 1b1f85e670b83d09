import { createPublicClient, createWalletClient, defineChain, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * viem clients for a local chain whose id is read from the node: a public client and a
 * wallet client signing with `key`. What the contract deployers of dev/chain share.
 */
export async function localClients(rpcUrl: string, key: Hex) {
  const probe = createPublicClient({ transport: http(rpcUrl) })
  const chain = defineChain({
    id: await probe.getChainId(),
    name: 'Local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  })
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl) }),
    walletClient: createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(rpcUrl) }),
  }
}
