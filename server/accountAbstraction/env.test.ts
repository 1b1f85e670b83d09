import { bundlerOrigin, bundlerUrlOf, hasBundler, readBundlerEnv } from './env'

describe('readBundlerEnv', () => {
  it('reads a bundler per chain, and one URL for every chain with {chainId} in it; the per-chain one wins', () => {
    const env = readBundlerEnv({ BUNDLER_URL: 'https://bundler.example/v2/{chainId}/rpc?apikey=k', BUNDLER_URLS: '{"eip155:1":"http://127.0.0.1:4337/rpc"}' })
    expect(bundlerUrlOf(env, 'eip155:1')).toBe('http://127.0.0.1:4337/rpc')
    expect(bundlerUrlOf(env, 'eip155:10')).toBe('https://bundler.example/v2/10/rpc?apikey=k')
    expect(bundlerUrlOf(readBundlerEnv({ BUNDLER_URLS: '{"eip155:1":"http://127.0.0.1:4337/rpc"}' }), 'eip155:10')).toBeUndefined()
    expect(hasBundler(readBundlerEnv({}))).toBe(false)
    expect(hasBundler(env)).toBe(true)
  })

  it('refuses a malformed setting, and BUNDLER_KEY, never echoing a value', () => {
    expect(() => readBundlerEnv({ BUNDLER_URLS: '{"1":"http://127.0.0.1:4337/rpc"}' })).toThrow("BUNDLER_URLS: '1' is not an EVM CAIP-2 chain id such as eip155:1")
    expect(() => readBundlerEnv({ BUNDLER_URLS: '{"eip155:1":"ws://secret@127.0.0.1"}' })).toThrow('BUNDLER_URLS: the bundler URL of eip155:1 must be an http:// or https:// URL')
    expect(() => readBundlerEnv({ BUNDLER_URLS: '[]' })).toThrow('BUNDLER_URLS must be a JSON object')
    expect(() => readBundlerEnv({ BUNDLER_URL: 'secret-key' })).toThrow('BUNDLER_URL must be an http:// or https:// URL')
    expect(() => readBundlerEnv({ BUNDLER_KEY: `0x${'11'.repeat(32)}` })).toThrow(
      'BUNDLER_KEY is no longer read: run an ERC-4337 bundler (Alto) and set BUNDLER_URL or BUNDLER_URLS (docs/self-hosting.md, "Bundler")',
    )
  })

  it('names a bundler by scheme and host only: its path and query may hold an API key', () => {
    expect(bundlerOrigin('https://bundler.example/v2/1/rpc?apikey=secret')).toBe('https://bundler.example')
  })
})
