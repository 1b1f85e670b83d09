// docs/providers.md: what a dapp does with the connection the visitor made in the modal,
// through viem. Inside this repository the example imports Portico's source; a dapp
// imports the same names from 'portico'.
import { createWalletClient, custom, parseAbi, type Address, type Hash, type WalletClient } from 'viem'
import type { Portico } from '../../src'

const nftAbi = parseAbi(['function mint(address to) returns (uint256)'])

/**
 * A viem WalletClient over the visitor's EVM connection: a browser wallet,
 * WalletConnect, the embedded wallet or its smart account, whichever they chose.
 * Throws NotConnectedError while nothing is connected.
 */
export function porticoWalletClient(portico: Portico): WalletClient {
  return createWalletClient({ transport: custom(portico.getProvider('eip155')) })
}

/** Mints an NFT to the connected account; resolves with the transaction hash. */
export async function mintTo(portico: Portico, nft: Address): Promise<Hash> {
  const client = porticoWalletClient(portico)
  const [account] = await client.getAddresses()
  if (!account) throw new Error('No account')
  return client.writeContract({ account, chain: null, address: nft, abi: nftAbi, functionName: 'mint', args: [account] })
}

/**
 * Keeps the dapp's own state in step with the connection: the provider's EIP-1193
 * events follow the modal too (another account, network or wallet, a disconnect).
 * Returns the function that stops listening.
 */
export function followConnection(portico: Portico, onChange: (state: { account: string | undefined; chainId: number | undefined }) => void): () => void {
  const provider = portico.getProvider('eip155', { allowDisconnected: true })
  let account: string | undefined
  let chainId: number | undefined
  const onAccounts = (accounts: string[]) => {
    account = accounts[0]
    onChange({ account, chainId })
  }
  const onChain = (hex: string) => {
    chainId = Number(hex)
    onChange({ account, chainId })
  }
  const onConnect = ({ chainId: hex }: { chainId: string }) => (chainId = Number(hex))
  provider.on('accountsChanged', onAccounts)
  provider.on('chainChanged', onChain)
  provider.on('connect', onConnect)
  return () => {
    provider.removeListener('accountsChanged', onAccounts)
    provider.removeListener('chainChanged', onChain)
    provider.removeListener('connect', onConnect)
  }
}

/** Portico's own events: what the visitor did in the modal, for the dapp's analytics or toasts. */
export function logConnections(portico: Portico, log: (line: string) => void): () => void {
  const stops = [
    portico.on('CONNECT_SUCCESS', ({ address, caipNetworkId, connector }) => log(`connected ${address} on ${caipNetworkId} with ${connector.name}`)),
    portico.on('SWITCH_NETWORK', ({ caipNetworkId }) => log(`switched to ${caipNetworkId}`)),
    portico.on('DISCONNECT_SUCCESS', ({ namespace }) => log(`disconnected ${namespace}`)),
  ]
  return () => stops.forEach((stop) => stop())
}
