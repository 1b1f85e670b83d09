import { createRoot } from 'react-dom/client'
import { createPortico, eip155, mainnet, optimism, base, type CaipNetwork } from '../src'
import { PorticoProvider } from '../src/react'
import { App } from './App'

// The local stack's services and chains (see dev/stack.ts); a hosted dapp points these at its own.
const services = (globalThis as { PORTICO_ENDPOINTS?: Record<string, string> }).PORTICO_ENDPOINTS ?? {}
const dev = (globalThis as { PORTICO_DEV?: { networks: CaipNetwork[]; token: { address: string } } }).PORTICO_DEV

const portico = createPortico({
  projectId: 'portico-dev',
  metadata: { name: 'Portico demo', description: 'The Portico demo dapp', url: location.origin, icons: [] },
  plugins: [eip155({ networks: dev?.networks ?? [mainnet, optimism, base] })],
  endpoints: services,
  // The local chains carry the test token at the same address.
  tokens: dev ? Object.fromEntries(dev.networks.map((n) => [n.caipNetworkId, [{ address: dev.token.address }]])) : undefined,
  themeMode: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
})

// Exposed for the browser tests and for poking at in the console.
;(globalThis as { portico?: typeof portico }).portico = portico

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <App />
  </PorticoProvider>,
)
