import type { CaipNetwork } from '../../types/network'

/**
 * Where a transaction can be seen on its network's block explorer, or undefined when the
 * network names none (local chains, Solana's devnet and testnet: see solana/networks.ts).
 *
 * @example
 * transactionExplorerLink(mainnet, '0xabc…') // { name: 'Etherscan', url: 'https://etherscan.io/tx/0xabc…' }
 */
export function transactionExplorerLink(network: Pick<CaipNetwork, 'blockExplorers'> | undefined, hash: string): { name: string; url: string } | undefined {
  const explorer = network?.blockExplorers?.default
  if (!explorer || !/^https:\/\//.test(explorer.url)) return undefined
  return { name: explorer.name, url: `${explorer.url.replace(/\/+$/, '')}/tx/${encodeURIComponent(hash)}` }
}
