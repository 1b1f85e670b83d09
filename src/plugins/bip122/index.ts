export { bip122, bip122Features, type Bip122PluginOptions } from './plugin'
export { isBitcoinAddress, bitcoinAddressNetworks, createBitcoinAddressRule } from './address'
export { bip122Networks, bitcoin, bitcoinTestnet } from './networks'
