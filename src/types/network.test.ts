import { namespaceOfCaip, networkOfCaipAddress } from './network'

describe('networkOfCaipAddress and namespaceOfCaip', () => {
  it("read an account's network and namespace out of its CAIP address", () => {
    expect(networkOfCaipAddress('eip155:10:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe('eip155:10')
    expect(networkOfCaipAddress('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(networkOfCaipAddress('bip122:000000000019d6689c085ae165831e93:bc1qexample')).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(namespaceOfCaip('bip122:000000000019d6689c085ae165831e93')).toBe('bip122')
    expect(namespaceOfCaip('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7EcD')).toBe('solana')
  })
})
