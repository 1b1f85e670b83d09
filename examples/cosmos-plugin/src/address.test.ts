import { isCosmosAddress } from './address'
import { fromBase64, pubkeyToAddress } from './pubkey'

const hubAddress = 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0'
// The same 20 bytes under three prefixes, and a 32-byte (module account) address.
const sameBytes = {
  cosmos: 'cosmos1qqrsu9guyv4rzwplgex4gkmzd9c8wl59jy3rft',
  osmo: 'osmo1qqrsu9guyv4rzwplgex4gkmzd9c8wl596lznle',
  valoper: 'cosmosvaloper1qqrsu9guyv4rzwplgex4gkmzd9c8wl59hs9k9c',
}
const moduleAccount = 'cosmos1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzs23v9ccrydpk8qarc0sxaggsw'
const twentyOneBytes = 'cosmos1qqqsyqcyq5rqwzqfpg9scrgwpugpzysnzszga8hs'

describe('isCosmosAddress', () => {
  it('accepts 20-byte accounts and 32-byte module accounts', () => {
    expect(isCosmosAddress(hubAddress)).toBe(true)
    expect(isCosmosAddress(sameBytes.cosmos)).toBe(true)
    expect(isCosmosAddress(moduleAccount)).toBe(true)
    expect(isCosmosAddress(hubAddress.toUpperCase())).toBe(true) // bech32 allows all upper case
  })

  it('refuses other prefixes unless asked for them', () => {
    expect(isCosmosAddress(sameBytes.osmo)).toBe(false)
    expect(isCosmosAddress(sameBytes.valoper)).toBe(false)
    expect(isCosmosAddress(sameBytes.osmo, 'osmo')).toBe(true)
  })

  it.each([
    ['a corrupted checksum', `${hubAddress.slice(0, -1)}q`],
    ['a changed character', hubAddress.replace('t2u', 't2v')],
    ['mixed case', `COSMOS1${hubAddress.slice(7)}`],
    ['21 bytes', twentyOneBytes],
    ['surrounding spaces', ` ${hubAddress} `],
    ['an EVM address', '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['the prefix alone', 'cosmos1'],
    ['an empty string', ''],
  ])('refuses %s', (_case, address) => {
    expect(isCosmosAddress(address)).toBe(false)
  })
})

describe('pubkeyToAddress', () => {
  // CosmJS's vector (@cosmjs/amino addresses.spec): this key's account address on the Hub.
  it('derives the address CosmJS and the SDK derive from a compressed key', () => {
    const pubkey = fromBase64('AtQaCqFnshaZQp6rIkvAPyzThvCvXSDO+9AzbxVErqJP')
    expect(pubkeyToAddress(pubkey)).toBe('cosmos1h806c7khnvmjlywdrkdgk2vrayy2mmvf9rxk2r')
    expect(pubkeyToAddress(pubkey, 'osmo')).toMatch(/^osmo1/)
  })

  it('refuses a key that is not 33 compressed bytes', () => {
    expect(() => pubkeyToAddress(new Uint8Array(65).fill(4))).toThrow('A Cosmos account key is a 33-byte compressed secp256k1 key, got 65 bytes')
  })
})
