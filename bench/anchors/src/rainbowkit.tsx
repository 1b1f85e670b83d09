// RainbowKit's documented minimal setup: getDefaultConfig, mainnet + one L2, ConnectButton.
import '@rainbow-me/rainbowkit/styles.css'
import { createRoot } from 'react-dom/client'
import { ConnectButton, getDefaultConfig, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { WagmiProvider } from 'wagmi'
import { mainnet, base } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const config = getDefaultConfig({ appName: 'Bench dapp', projectId: '0123456789abcdef0123456789abcdef', chains: [mainnet, base], ssr: false })
const queryClient = new QueryClient()

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <RainbowKitProvider>
        <ConnectButton />
      </RainbowKitProvider>
    </QueryClientProvider>
  </WagmiProvider>,
)
