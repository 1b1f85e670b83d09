// A dapp that registers the cosmos plugin beside Portico's EVM plugin, from config. It
// imports Portico by its package name, as any dapp does.
import { createPortico, eip155, mainnet, type CaipNetwork, type Endpoints } from 'portico'
import { ConnectButton, PorticoProvider, useAccount } from 'portico/react'
import { createRoot } from 'react-dom/client'
import { cosmos, type CosmosChainInfo } from '../src'

/** What the page is given at start (config.js): the chain and Portico's services. */
type ExampleConfig = { projectId: string; network: CaipNetwork; chain: CosmosChainInfo; endpoints?: Partial<Endpoints> }
const { projectId, network, chain, endpoints } = (globalThis as unknown as { COSMOS_EXAMPLE: ExampleConfig }).COSMOS_EXAMPLE

const portico = createPortico({
  projectId,
  metadata: { name: 'Cosmos example', description: 'Portico with a third-party cosmos plugin', url: location.origin, icons: [] },
  plugins: [eip155({ networks: [mainnet] }), cosmos({ networks: [network], chains: { [network.caipNetworkId]: chain } })],
  endpoints,
})
// For the browser test and the console.
Object.assign(globalThis, { portico })

function Page() {
  const account = useAccount()
  return (
    <main>
      <h1>Cosmos example</h1>
      <ConnectButton />
      <p data-testid="example-address">{account.caipAddress ?? '—'}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <Page />
  </PorticoProvider>,
)
