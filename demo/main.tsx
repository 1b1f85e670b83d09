import { createRoot } from 'react-dom/client'
import { createPortico, createPorticoSiwx, eip155, solana, bip122, mainnet, optimism, base, type CaipNetwork, type NamespacePlugin } from '../src'
import { PorticoProvider } from '../src/react'
import { App } from './App'
import { ChainBalances } from './ChainBalances'

// The local stack's services and chains (see dev/stack.ts); a hosted dapp points these at its own.
const services = (globalThis as { PORTICO_ENDPOINTS?: Record<string, string> }).PORTICO_ENDPOINTS ?? {}
type DevStack = {
  networks: CaipNetwork[]
  token: { address: string }
  /** The Solana RPC and Esplora stand-ins, with their networks (the stack's dev wallets serve them). */
  solana?: { rpcUrl: string; network: CaipNetwork }
  bitcoin?: { esploraUrl: string; network: CaipNetwork }
}
const dev = (globalThis as { PORTICO_DEV?: DevStack }).PORTICO_DEV

const plugins: NamespacePlugin[] = [
  eip155({ networks: dev?.networks ?? [mainnet, optimism, base] }),
  solana(dev?.solana ? { networks: [dev.solana.network] } : {}),
  bip122(dev?.bitcoin ? { networks: [dev.bitcoin.network], esploraUrl: dev.bitcoin.esploraUrl } : {}),
]

// `?siwx=1` adds Sign-in with Ethereum against the server's /siwx/v1 sessions (docs/account-data.md).
const siwx =
  new URLSearchParams(location.search).get('siwx') === '1' && services.blockchainApi
    ? createPorticoSiwx({ url: services.blockchainApi, projectId: 'portico-dev', messageParams: { statement: 'Sign in to the Portico demo' } })
    : undefined

const portico = createPortico({
  projectId: 'portico-dev',
  metadata: { name: 'Portico demo', description: 'The Portico demo dapp', url: location.origin, icons: [] },
  plugins,
  endpoints: services,
  // The local chains carry the test token at the same address.
  tokens: dev ? Object.fromEntries(dev.networks.map((n) => [n.caipNetworkId, [{ address: dev.token.address }]])) : undefined,
  themeMode: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
  ...(siwx ? { siwx } : {}),
})

// Exposed for the browser tests and for poking at in the console.
;(globalThis as { portico?: typeof portico }).portico = portico

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <App />
    <ChainBalances plugins={plugins} />
  </PorticoProvider>,
)
