// ConnectKit's documented minimal setup: getDefaultConfig, mainnet + one L2, ConnectKitButton.
import { createRoot } from 'react-dom/client'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { WagmiProvider, createConfig, http } from 'wagmi'
import { mainnet, base } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const config = createConfig(
  getDefaultConfig({
    chains: [mainnet, base],
    transports: { [mainnet.id]: http(), [base.id]: http() },
    walletConnectProjectId: '0123456789abcdef0123456789abcdef',
    appName: 'Bench dapp',
  }),
)
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <ConnectKitProvider>
        <ConnectKitButton />
      </ConnectKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
