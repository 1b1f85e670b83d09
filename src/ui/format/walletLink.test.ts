import { isUniversalLink, walletLink, walletOpenLink } from './walletLink'

describe('walletLink', () => {
  const uri = 'wc:7f6e@2?relay-protocol=irn&symKey=ab'
  const encoded = encodeURIComponent(uri)
  it('appends wc?uri= to a custom scheme', () => {
    expect(walletLink('metamask://', uri)).toBe(`metamask://wc?uri=${encoded}`)
    expect(walletLink('trust:', uri)).toBe(`trust://wc?uri=${encoded}`)
  })
  it('keeps a custom scheme’s host and path, then /wc?uri=', () => {
    expect(walletLink('okex://main', uri)).toBe(`okex://main/wc?uri=${encoded}`)
    expect(walletLink('okex://main/', uri)).toBe(`okex://main/wc?uri=${encoded}`)
  })
  it('appends /wc?uri= to a universal link, with or without a trailing slash', () => {
    expect(walletLink('https://rnbwapp.com', uri)).toBe(`https://rnbwapp.com/wc?uri=${encoded}`)
    expect(walletLink('https://rnbwapp.com/', uri)).toBe(`https://rnbwapp.com/wc?uri=${encoded}`)
    expect(walletLink('https://metamask.app.link/', uri)).toBe(`https://metamask.app.link/wc?uri=${encoded}`)
  })
  it('encodes the whole URI, so its own query survives as one parameter', () => {
    const link = walletLink('https://link.example', uri)
    expect(new URL(link).searchParams.get('uri')).toBe(uri)
    expect(new URL(link).searchParams.get('symKey')).toBeNull()
  })
})

describe('walletOpenLink', () => {
  it('opens a custom-scheme wallet at wc, with no pairing URI', () => {
    expect(walletOpenLink('metamask://')).toBe('metamask://wc')
    expect(walletOpenLink('okex://main')).toBe('okex://main/wc')
  })
  it('opens a universal-link wallet at its plain link', () => {
    expect(walletOpenLink('https://metamask.app.link')).toBe('https://metamask.app.link/')
  })
})

describe('isUniversalLink', () => {
  it('tells https links from custom schemes', () => {
    expect(isUniversalLink('https://metamask.app.link')).toBe(true)
    expect(isUniversalLink('metamask://')).toBe(false)
  })
})
