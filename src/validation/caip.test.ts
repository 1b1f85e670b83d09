import { ValidationError } from '../errors'
import { isCaipAddress, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './caip'

const vitalik = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

function thrown(run: () => unknown): ValidationError {
  try {
    run()
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected a ValidationError')
}

// SPEC §5: "CAIP address: three non-empty parts with a known namespace."
describe('isCaipAddress', () => {
  it.each([
    `eip155:1:${vitalik}`,
    'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:So11111111111111111111111111111111111111112',
    'bip122:000000000019d6689c085ae165831e93:1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    'polkadot:91b171bb158e2d3848fa23a9f1c25182:5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
    'cosmos:cosmoshub-4:cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0',
  ])('accepts %s', (value) => {
    expect(isCaipAddress(value)).toBe(true)
  })

  it.each([
    ['an empty namespace', `:1:${vitalik}`],
    ['an empty reference', `eip155::${vitalik}`],
    ['an empty address', 'eip155:1:'],
    ['two parts', 'eip155:1'],
    ['four parts', `eip155:1:${vitalik}:extra`],
    ['a bare address', vitalik],
    ['an unknown namespace', `evm:1:${vitalik}`],
    ['a namespace in the wrong case', `EIP155:1:${vitalik}`],
    ['only colons', '::'],
    ['an empty string', ''],
  ])('refuses %s', (_case, value) => {
    expect(isCaipAddress(value)).toBe(false)
  })

  it('counts the namespaces it is given as known, for third-party plugins', () => {
    expect(isCaipAddress('near:mainnet:alice.near')).toBe(false)
    expect(isCaipAddress('near:mainnet:alice.near', ['near'])).toBe(true)
    expect(isCaipAddress(`eip155:1:${vitalik}`, ['near'])).toBe(false)
  })

  it('refuses non-strings', () => {
    expect(isCaipAddress(undefined)).toBe(false)
    expect(isCaipAddress(['eip155', '1', vitalik])).toBe(false)
  })
})

describe('isCaipNetworkId', () => {
  it('accepts two non-empty parts with a known namespace', () => {
    expect(isCaipNetworkId('eip155:1')).toBe(true)
    expect(isCaipNetworkId('cosmos:cosmoshub-4')).toBe(true)
    expect(isCaipNetworkId('eip155:')).toBe(false)
    expect(isCaipNetworkId(':1')).toBe(false)
    expect(isCaipNetworkId('eip155')).toBe(false)
    expect(isCaipNetworkId(`eip155:1:${vitalik}`)).toBe(false)
    expect(isCaipNetworkId('tron:mainnet')).toBe(false)
    expect(isCaipNetworkId('tron:mainnet', ['tron'])).toBe(true)
  })
})

describe('parseCaipAddress', () => {
  it('returns the typed parts', () => {
    expect(parseCaipAddress(`eip155:10:${vitalik}`)).toEqual({
      namespace: 'eip155',
      reference: '10',
      address: vitalik,
      caipNetworkId: 'eip155:10',
      caipAddress: `eip155:10:${vitalik}`,
    })
  })

  it('throws ValidationError listing every failing part', () => {
    const error = thrown(() => parseCaipAddress('evm::'))
    expect(error.shortMessage).toBe('Invalid CAIP address')
    expect(error.issues).toEqual([
      { path: 'reference', message: 'Required' },
      { path: 'address', message: 'Required' },
      { path: 'namespace', message: "Unknown namespace 'evm'" },
    ])
  })

  it('throws for the wrong number of parts and for non-strings', () => {
    expect(thrown(() => parseCaipAddress('eip155:1')).issues[0]?.message).toMatch(/Expected 3 parts/)
    expect(thrown(() => parseCaipAddress(42)).issues).toEqual([{ path: '', message: 'Expected a string' }])
  })

  it('does not echo a huge hostile value back in full', () => {
    const error = thrown(() => parseCaipAddress(`x${'A'.repeat(100_000)}:1:2`))
    expect(error.message.length).toBeLessThan(1000)
  })
})

describe('parseCaipNetworkId', () => {
  it('returns the typed parts', () => {
    expect(parseCaipNetworkId('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toEqual({
      namespace: 'solana',
      reference: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    })
    expect(parseCaipNetworkId('near:mainnet', ['near']).namespace).toBe('near')
  })

  it('throws ValidationError for a malformed id', () => {
    const error = thrown(() => parseCaipNetworkId('eip155:'))
    expect(error.shortMessage).toBe('Invalid CAIP network id')
    expect(error.issues).toEqual([{ path: 'reference', message: 'Required' }])
    expect(() => parseCaipNetworkId('foo:1')).toThrow(ValidationError)
  })
})
