// Every network Portico ships, and the local ones the stack runs, has an asset image on
// the reference server: a network view never asks for a picture the server answers with
// 404 (issue 29: Solana Localnet and Bitcoin Regtest did, on every network view).
import { solanaLocalnet } from '../dev/solana/network'
import { bip122Networks, bitcoinRegtest } from '../src/plugins/bip122/networks'
import { eip155Networks } from '../src/plugins/eip155/networks'
import { solanaNetworks } from '../src/plugins/solana/networks'
import type { CaipNetwork } from '../src/types/network'
import { createImageCatalog } from './imageCatalog'

const catalog = createImageCatalog([])
const imageIdOf = (network: CaipNetwork) => network.assets?.imageId ?? network.caipNetworkId

it.each([...eip155Networks, ...solanaNetworks, ...bip122Networks, bitcoinRegtest, solanaLocalnet('http://127.0.0.1:8899')].map((n) => [n.name, n] as const))(
  '%s has an asset image on the reference server',
  (_name, network) => {
    expect(catalog.get('asset', imageIdOf(network))).toBeDefined()
  },
)
