import { bitcoinAddressNetworks, createBitcoinAddressRule, isBitcoinAddress } from './address'
import { bitcoin, bitcoinRegtest, bitcoinTestnet } from './networks'

// Reference addresses from BIP 13/16 (p2sh), BIP 173 (bech32), BIP 86/350 (taproot).
const mainnet = {
  p2pkh: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  p2sh: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
  p2wpkh: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  p2wsh: 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3',
  p2tr: 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
}
const testnet = {
  p2pkh: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
  p2sh: '2N4RsPe5F2fKssy2HBf2fH2d7sHdaUjKk1c',
  p2wpkh: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  p2tr: 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
}
const regtest = 'bcrt1qs758ursh4q9z627kt3pp5yysm78ddny6txaqgw'

/** Changes the last character, which breaks the checksum and nothing else. */
const corrupt = (address: string) => `${address.slice(0, -1)}${address.endsWith('q') ? 'p' : 'q'}`

describe('isBitcoinAddress', () => {
  it.each(Object.entries(mainnet))('accepts a mainnet %s address on mainnet only', (_type, address) => {
    expect(isBitcoinAddress(address)).toBe(true)
    expect(isBitcoinAddress(address, bitcoin)).toBe(true)
    expect(isBitcoinAddress(address, bitcoinTestnet)).toBe(false)
  })

  it.each(Object.entries(testnet))('accepts a testnet %s address on testnet only', (_type, address) => {
    expect(isBitcoinAddress(address)).toBe(true)
    expect(isBitcoinAddress(address, bitcoinTestnet.caipNetworkId)).toBe(true)
    expect(isBitcoinAddress(address, bitcoin.caipNetworkId)).toBe(false)
  })

  it.each([...Object.entries(mainnet), ...Object.entries(testnet)])('refuses a %s address with a corrupted checksum', (_type, address) => {
    expect(isBitcoinAddress(corrupt(address))).toBe(false)
  })

  it('accepts an all-upper-case bech32 address and refuses mixed case', () => {
    expect(isBitcoinAddress(mainnet.p2wpkh.toUpperCase())).toBe(true)
    expect(isBitcoinAddress(`BC1Q${mainnet.p2wpkh.slice(4)}`)).toBe(false)
  })

  it('accepts regtest bech32 on regtest only, and any valid address on an unknown bip122 chain', () => {
    const regtestId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    expect(isBitcoinAddress(regtest, regtestId)).toBe(true)
    expect(isBitcoinAddress(testnet.p2pkh, regtestId)).toBe(true) // base58 regtest shares testnet prefixes
    expect(isBitcoinAddress(testnet.p2sh, regtestId)).toBe(true)
    expect(isBitcoinAddress(regtest, bitcoinTestnet)).toBe(false)
    expect(isBitcoinAddress(mainnet.p2pkh, 'bip122:ffffffffffffffffffffffffffffffff')).toBe(true)
  })

  it.each([testnet.p2wpkh, testnet.p2tr])('refuses the testnet bech32 address %s on regtest, whose bech32 prefix is bcrt1', (address) => {
    expect(isBitcoinAddress(address, bitcoinRegtest)).toBe(false)
    expect(createBitcoinAddressRule([bitcoinRegtest])(address)).toBe(false)
    expect(createBitcoinAddressRule([bitcoinRegtest, bitcoinTestnet])(address)).toBe(true)
  })

  it.each([
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['a Solana address', 'So11111111111111111111111111111111111111112'],
    ['surrounding spaces', ` ${mainnet.p2wpkh} `],
    ['an empty string', ''],
    ['a very long string', `bc1q${'q'.repeat(10_000)}`],
  ])('refuses %s', (_case, value) => {
    expect(isBitcoinAddress(value)).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isBitcoinAddress(undefined)).toBe(false)
    expect(isBitcoinAddress(12)).toBe(false)
  })
})

describe('bitcoinAddressNetworks', () => {
  it('maps known genesis references and leaves others open', () => {
    expect(bitcoinAddressNetworks(bitcoin)).toEqual(['mainnet'])
    expect(bitcoinAddressNetworks(bitcoinTestnet)).toEqual(['testnet'])
    expect(bitcoinAddressNetworks('bip122:00000000da84f2bafbbc53dee25a72ae')).toEqual(['testnet'])
    expect(bitcoinAddressNetworks('bip122:00000008819873e925422c1ff0f99f7c')).toEqual(['testnet'])
    expect(bitcoinAddressNetworks('bip122:constructor')).toBeUndefined()
    expect(bitcoinAddressNetworks('eip155:1')).toBeUndefined()
  })
})

describe('createBitcoinAddressRule', () => {
  it('accepts what any of its networks accepts', () => {
    const both = createBitcoinAddressRule([bitcoin, bitcoinTestnet])
    expect(both(mainnet.p2tr)).toBe(true)
    expect(both(testnet.p2tr)).toBe(true)
    expect(both(regtest)).toBe(false)
    expect(both(corrupt(mainnet.p2tr))).toBe(false)
  })

  it('follows a narrowed list', () => {
    const mainnetOnly = createBitcoinAddressRule([bitcoin])
    expect(mainnetOnly(mainnet.p2wpkh)).toBe(true)
    expect(mainnetOnly(testnet.p2wpkh)).toBe(false)
  })

  it('accepts nothing when given no networks', () => {
    expect(createBitcoinAddressRule([])(mainnet.p2pkh)).toBe(false)
  })
})

/**
 * The BIPs' own test vectors. BIP 350 lists the valid segwit addresses (BIP 173's valid
 * vectors of version 0 among them) and the invalid ones; every valid one is accepted on
 * its network, whatever its witness version, as both BIPs ask of a sender; every invalid
 * one is refused.
 */
describe('BIP 173 and BIP 350 test vectors', () => {
  const bip350Valid: Array<[string, 'mainnet' | 'testnet']> = [
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'mainnet'],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet'],
    ['bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y', 'mainnet'],
    ['BC1SW50QGDZ25J', 'mainnet'],
    ['bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs', 'mainnet'],
    ['tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy', 'testnet'],
    ['tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c', 'testnet'],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'mainnet'],
  ]
  it.each(bip350Valid)('accepts the valid %s on %s only', (address, network) => {
    const own = network === 'mainnet' ? bitcoin : bitcoinTestnet
    const other = network === 'mainnet' ? bitcoinTestnet : bitcoin
    expect(isBitcoinAddress(address, own)).toBe(true)
    expect(createBitcoinAddressRule([own])(address)).toBe(true)
    expect(isBitcoinAddress(address, other)).toBe(false)
  })

  it.each([
    // BIP 173 invalid
    'tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5',
    'BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2',
    'bc1rw5uspcuh',
    'bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90',
    'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7',
    'bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du',
    'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
    'bc1gmk9yu',
    // BIP 173's version 1+ vectors, written in bech32: invalid since BIP 350
    'BC1SW50QA3JX3S',
    // BIP 350 invalid
    'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf',
    'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
    'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh',
    'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
    'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4',
    'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R',
    'bc1pw5dgrnzv',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav',
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf',
    'tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j',
  ])('refuses the invalid %s on every network', (address) => {
    expect(isBitcoinAddress(address)).toBe(false)
    expect(createBitcoinAddressRule([bitcoin, bitcoinTestnet, bitcoinRegtest])(address)).toBe(false)
  })
})
