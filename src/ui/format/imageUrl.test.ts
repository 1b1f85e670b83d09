import { imageUrl } from './imageUrl'

describe('imageUrl (SPEC §7 image paths carry projectId, st and sv)', () => {
  it('builds each kind of image URL', () => {
    expect(imageUrl({ base: 'http://h:1/', kind: 'wallet', id: 'meta mask', projectId: 'p' })).toBe('http://h:1/getWalletImage/meta%20mask?projectId=p&st=portico&sv=0.1.0')
    expect(imageUrl({ base: 'http://h:1', kind: 'asset', id: 'eip155:1', projectId: 'p' })).toMatch(/^http:\/\/h:1\/public\/getAssetImage\/eip155%3A1\?/)
    expect(imageUrl({ base: 'http://h:1', kind: 'token', id: 'ETH', projectId: 'p' })).toMatch('/public/getTokenImage/ETH?')
    expect(imageUrl({ base: 'http://h:1', kind: 'currency', id: 'USD', projectId: 'p' })).toMatch('/public/getCurrencyImage/USD?')
  })
  it('is undefined without a project id', () => expect(imageUrl({ base: 'http://h:1', kind: 'wallet', id: 'x', projectId: undefined })).toBeUndefined())
})
