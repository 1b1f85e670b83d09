// The minimal Portico integration measured by the bench and the size budget: one
// provider, one Connect button, eip155 with injected wallets + WalletConnect + email
// (both on by default), Ethereum mainnet and one L2. Only the public API is used.
import { createRoot } from 'react-dom/client'
import { createPortico, eip155, mainnet, base } from '../../src'
import { PorticoProvider, ConnectButton } from '../../src/react'
// `import 'portico/styles.css'` in a dapp.
import '../../src/ui/styles.css'

const portico = createPortico({
  projectId: 'portico-bench',
  metadata: { name: 'Bench dapp', description: 'Minimal Portico integration', url: location.origin, icons: [] },
  plugins: [eip155({ networks: [mainnet, base] })],
  features: { email: true },
})

createRoot(document.getElementById('root')!).render(
  <PorticoProvider portico={portico}>
    <ConnectButton />
  </PorticoProvider>,
)
