import { Buffer } from 'buffer'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { defineChain, type Address, type Chain } from 'viem'
import { createConfig, http, WagmiProvider } from 'wagmi'
import { createPortico, createPorticoSiwx, eip155, mainnet, optimism, base, type CaipNetwork, type NamespacePlugin } from '../src'
import { bip122 } from '../src/bitcoin'
import { solana } from '../src/solana'
import { PorticoProvider } from '../src/react'
import { porticoConnector } from '../src/wagmi'
import { App } from './App'
import { ChainBalances } from './ChainBalances'
import { ContractCalls } from './ContractCalls'
import { SolanaTransfers, type DemoSplToken } from './SolanaTransfers'

// @solana/spl-token's and @solana/web3.js's instruction layouts use Node's `Buffer` as a
// global, which browsers lack; dapps on them provide it (Vite and webpack templates do
// the same). Set before any Solana code runs: that code only runs on a click.
globalThis.Buffer ??= Buffer

// The local stack's services and chains (see dev/stack.ts); a hosted dapp points these at its own.
const services = (globalThis as { PORTICO_ENDPOINTS?: Record<string, string> }).PORTICO_ENDPOINTS ?? {}
type DevStack = {
  networks: CaipNetwork[]
  token: { address: string }
  nft?: { address: string }
  /** The Solana RPC and Esplora stand-ins, with their networks (the stack's dev wallets serve them). */
  solana?: { rpcUrl: string; network: CaipNetwork; token?: DemoSplToken }
  bitcoin?: { esploraUrl: string; network: CaipNetwork }
}
const dev = (globalThis as { PORTICO_DEV?: DevStack }).PORTICO_DEV

const evmNetworks = dev?.networks ?? [mainnet, optimism, base]
const plugins: NamespacePlugin[] = [
  eip155({ networks: evmNetworks }),
  solana(dev?.solana ? { networks: [dev.solana.network] } : {}),
  bip122(dev?.bitcoin ? { networks: [dev.bitcoin.network], esploraUrl: dev.bitcoin.esploraUrl } : {}),
]

// `?siwx=1` adds Sign-in with Ethereum against the server's /siwx/v1 sessions (docs/account-data.md).
const siwx =
  new URLSearchParams(location.search).get('siwx') === '1' && services.blockchainApi
    ? createPorticoSiwx({ url: services.blockchainApi, projectId: 'portico-dev', messageParams: { statement: 'Sign in to the Portico demo' } })
    : undefined

// `?legal=1` asks visitors to agree to the demo's terms before they connect, `?collapse=1`
// folds the wallet list into one row, `?passkey=1` offers "Continue with a passkey"
// (docs/ui.md, "Connect options a dapp can turn on").
const demoQuery = new URLSearchParams(location.search)
const legal = demoQuery.get('legal') === '1' ? { termsConditionsUrl: `${location.origin}/terms`, privacyPolicyUrl: `${location.origin}/privacy` } : {}
const connectOptions = {
  ...legal,
  features: { legalCheckbox: demoQuery.get('legal') === '1', collapseWallets: demoQuery.get('collapse') === '1', passkey: demoQuery.get('passkey') === '1' },
}

// `?walletRequestTimeout=20000` waits that long (ms) for a WalletConnect wallet's answer;
// requests carry it as their expiry (docs/walletconnect.md). Default 5 minutes.
const walletRequestTimeoutMs = Number(demoQuery.get('walletRequestTimeout')) || undefined

// `?locale=ar` shows the modal in that language (docs/ui.md, "Languages"); without it, the browser's.
const locale = new URLSearchParams(location.search).get('locale') ?? undefined

const portico = createPortico({
  projectId: 'portico-dev',
  metadata: { name: 'Portico demo', description: 'The Portico demo dapp', url: location.origin, icons: [] },
  plugins,
  endpoints: services,
  // The local chains carry the test token at the same address.
  tokens: dev ? Object.fromEntries(dev.networks.map((n) => [n.caipNetworkId, [{ address: dev.token.address }]])) : undefined,
  themeMode: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  ...(siwx ? { siwx } : {}),
  locale,
  walletRequestTimeoutMs,
  ...connectOptions,
})

// wagmi on the same EVM networks, with Portico as its one connector (docs/wagmi.md).
const toChain = (network: CaipNetwork): Chain =>
  defineChain({ id: Number(network.id), name: network.name, nativeCurrency: network.nativeCurrency, rpcUrls: { default: { http: [...network.rpcUrls.default.http] } } })
const chains = evmNetworks.map(toChain) as [Chain, ...Chain[]]
const wagmiConfig = createConfig({
  chains,
  connectors: [porticoConnector({ portico })],
  transports: Object.fromEntries(chains.map((chain) => [chain.id, http()])),
  // The modal finds the visitor's wallets; wagmi only needs Portico.
  multiInjectedProviderDiscovery: false,
})
const queryClient = new QueryClient()
const paymasterUrl = services.blockchainApi ? (chainId: number) => `${services.blockchainApi}/v1/paymaster?projectId=portico-dev&chainId=${chainId}` : undefined
const contracts = dev?.nft ? { nft: dev.nft.address as Address, token: dev.token.address as Address, paymasterUrl } : undefined

// Exposed for the browser tests and for poking at in the console.
Object.assign(globalThis, { portico, wagmiConfig })

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <PorticoProvider portico={portico}>
        <App />
        <ContractCalls contracts={contracts} />
        <ChainBalances plugins={plugins} />
        {dev?.solana ? <SolanaTransfers portico={portico} rpcUrl={dev.solana.rpcUrl} token={dev.solana.token} /> : null}
      </PorticoProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
