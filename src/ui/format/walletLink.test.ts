import { walletLink } from './walletLink'

describe('walletLink', () => {
  const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab'
  it('appends wc?uri= to a custom scheme', () => {
    expect(walletLink('metamask://', uri)).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`)
  })
  it('appends /wc?uri= to a universal link, with or without a trailing slash', () => {
    expect(walletLink('https://rnbwapp.com', uri)).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`)
    expect(walletLink('https://rnbwapp.com/', uri)).toBe(`https://rnbwapp.com/wc?uri=${encodeURIComponent(uri)}`)
  })
})
