// The whole dapp: Portico's connect button, and a Mint button that mints the kit's test
// NFT to the connected account through Portico's EIP-1193 provider (viem's writeContract).
// It reads the local kit's services and contracts from portico-dev.json, which
// `portico-dev --out public/portico-dev.json` writes; a deployed dapp writes its own here.
import { createPortico, eip155, type CaipNetwork } from 'portico'
import { mountPortico } from 'portico/web-component'
import 'portico/styles.css'
import { createWalletClient, custom, parseAbi, type Address } from 'viem'

type Kit = {
  projectId: string
  endpoints: { blockchainApi: string; walletListing: string; relay: string; secureFrame: string }
  networks: CaipNetwork[]
  chains: { contracts: { nft: { address: Address } } }[]
}

const kit = (await (await fetch('./portico-dev.json')).json()) as Kit
const portico = createPortico({
  projectId: kit.projectId,
  metadata: { name: 'Mint dapp', description: 'Mints a test NFT', url: location.origin, icons: [] },
  endpoints: kit.endpoints,
  plugins: [eip155({ networks: kit.networks })],
})
mountPortico(document.getElementById('portico')!, portico)

const account = document.getElementById('account')!
const status = document.getElementById('status')!
portico.on('CONNECT_SUCCESS', ({ address }) => (account.textContent = address))

document.getElementById('mint')!.addEventListener('click', async () => {
  status.textContent = 'Minting…'
  try {
    // The connected wallet's EIP-1193 provider (getProvider throws until one is connected).
    const provider = portico.getProvider('eip155')
    const [address] = (await provider.request({ method: 'eth_accounts' })) as Address[]
    if (!address) throw new Error('Connect a wallet first')
    const wallet = createWalletClient({ account: address, transport: custom(provider) })
    const hash = await wallet.writeContract({
      address: kit.chains[0]!.contracts.nft.address,
      abi: parseAbi(['function mint(address to) returns (uint256)']),
      functionName: 'mint',
      args: [address],
      chain: null,
    })
    status.textContent = `Minted: ${hash}`
  } catch (error) {
    status.textContent = `Mint failed: ${(error as Error).message}`
  }
})
