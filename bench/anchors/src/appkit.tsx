// Reown AppKit's documented minimal React + wagmi setup: mainnet + one L2, one button.
import { createRoot } from 'react-dom/client'
import { createAppKit } from '@reown/appkit/react'
import { mainnet, base } from '@reown/appkit/networks'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { WagmiProvider } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const projectId = '0123456789abcdef0123456789abcdef'
const networks = [mainnet, base] as [typeof mainnet, typeof base]
const queryClient = new QueryClient()
const wagmiAdapter = new WagmiAdapter({ networks, projectId, ssr: false })

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'Bench dapp', description: 'Minimal AppKit integration', url: location.origin, icons: [] },
})

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={wagmiAdapter.wagmiConfig}>
    <QueryClientProvider client={queryClient}>
      <appkit-button />
    </QueryClientProvider>
  </WagmiProvider>,
)
