import { isCaipNetworkId } from './caip'

describe('isCaipNetworkId', () => {
  it('accepts CAIP-2 ids and refuses what the grammar does not allow', () => {
    for (const id of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'bip122:000000000019d6689c085ae165831e93', 'polkadot:91b171bb158e2d3848fa23a9f1c25182', 'acme:hub-1'])
      expect(isCaipNetworkId(id)).toBe(true)
    for (const value of ['ethereum', 'ei:1', 'eip155:', 'EIP155:1', 'toolongnamespace:1', `eip155:${'1'.repeat(33)}`, 'eip155:1:0xabc', 1, undefined]) {
      expect(isCaipNetworkId(value)).toBe(false)
    }
  })
})
