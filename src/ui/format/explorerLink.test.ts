import { transactionExplorerLink } from './explorerLink'

describe('transactionExplorerLink', () => {
  it("links a transaction to its network's explorer, whatever the trailing slash", () => {
    const hash = '0x' + 'ab'.repeat(32)
    expect(transactionExplorerLink({ blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }, hash)).toEqual({ name: 'Etherscan', url: `https://etherscan.io/tx/${hash}` })
    expect(transactionExplorerLink({ blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io/' } } }, '5sig')).toEqual({ name: 'Solscan', url: 'https://solscan.io/tx/5sig' })
  })

  it('gives no link for a network without an explorer, an unknown network, or an explorer that is not https', () => {
    expect(transactionExplorerLink({ blockExplorers: undefined }, '0x1')).toBeUndefined()
    expect(transactionExplorerLink(undefined, '0x1')).toBeUndefined()
    expect(transactionExplorerLink({ blockExplorers: { default: { name: 'Odd', url: 'javascript:alert(1)' } } }, '0x1')).toBeUndefined()
  })

  it('keeps a hash from changing the path', () => {
    expect(transactionExplorerLink({ blockExplorers: { default: { name: 'X', url: 'https://x.io' } } }, '../../evil?q')?.url).toBe('https://x.io/tx/..%2F..%2Fevil%3Fq')
  })
})
