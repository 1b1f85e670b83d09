import { createUrl } from './createUrl'

describe('createUrl', () => {
  test.each([
    ['https://api.example.com', 'v1/supported-chains'],
    ['https://api.example.com/', 'v1/supported-chains'],
    ['https://api.example.com', '/v1/supported-chains'],
    ['https://api.example.com//', '//v1/supported-chains'],
  ])('joins %s and %s with exactly one slash', (baseUrl, path) => {
    expect(createUrl({ baseUrl, path })).toBe('https://api.example.com/v1/supported-chains')
  })

  test('keeps a path prefix in the base URL', () => {
    expect(createUrl({ baseUrl: 'https://example.com/api/', path: '/getWallets' })).toBe('https://example.com/api/getWallets')
  })

  test('adds only the parameters that have a value', () => {
    const url = new URL(
      createUrl({
        baseUrl: 'https://x.test',
        path: 'p',
        params: { a: 'one', b: undefined, c: null, d: '', e: 0, f: false, g: true },
      }),
    )
    expect([...url.searchParams.entries()]).toEqual([
      ['a', 'one'],
      ['e', '0'],
      ['f', 'false'],
      ['g', 'true'],
    ])
  })

  test('joins arrays with commas and leaves out empty arrays', () => {
    const url = new URL(createUrl({ baseUrl: 'https://x.test', path: 'p', params: { include: ['a', 'b', 3], exclude: [] } }))
    expect(url.searchParams.get('include')).toBe('a,b,3')
    expect(url.searchParams.has('exclude')).toBe(false)
  })

  test('encodes values and keeps a query already in the path', () => {
    const url = new URL(createUrl({ baseUrl: 'https://x.test', path: 'p?fixed=1', params: { chainId: 'eip155:1', q: 'a b&c' } }))
    expect(url.searchParams.get('fixed')).toBe('1')
    expect(url.searchParams.get('chainId')).toBe('eip155:1')
    expect(url.searchParams.get('q')).toBe('a b&c')
  })
})
