import { type CaipNetworkId } from '../src/shared/caip'
import shippedWallets from './data/wallets.json'
import { InvalidWalletRegistryError, MAX_ENTRIES, type WalletRecord, createWalletRegistry, shippedWalletRegistry } from './walletRegistry'

const ETH = 'eip155:1'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'

describe('the shipped registry (server/data/wallets.json)', () => {
  const registry = shippedWalletRegistry()

  it('validates and holds at least 30 wallets with unique ids', () => {
    expect(registry.wallets.length).toBeGreaterThanOrEqual(30)
    expect(new Set(registry.wallets.map((wallet) => wallet.id)).size).toBe(registry.wallets.length)
  })

  it.each([
    'MetaMask',
    'Coinbase Wallet',
    'Rainbow',
    'Trust Wallet',
    'Phantom',
    'Ledger Live',
    'Zerion',
    'Rabby Wallet',
    'OKX Wallet',
    'Uniswap Wallet',
    'Safe{Wallet}',
    'Argent',
    'imToken',
    'TokenPocket',
    'Bitget Wallet',
    'Exodus',
    'Xverse',
    'Leather',
    'UniSat Wallet',
    'Solflare',
    'Backpack',
    'Glow',
    'Frame',
    'Brave Wallet',
    'Taho',
    'Enkrypt',
    'Zengo',
    '1inch Wallet',
    'Coin98',
    'SafePal',
    'Keplr',
    'Magic Eden',
  ])('lists %s', (name) => {
    expect(registry.wallets.some((wallet) => wallet.name === name)).toBe(true)
  })

  it('covers the EVM, Solana and Bitcoin namespaces', () => {
    for (const chain of [ETH, SOLANA, BITCOIN]) {
      expect(registry.query({ page: 1, entries: 100, chains: [chain] }).count).toBeGreaterThanOrEqual(5)
    }
  })

  it('gives real reverse-DNS names where it gives one', () => {
    expect(registry.get('metamask')?.rdns).toBe('io.metamask')
    expect(registry.get('coinbase-wallet')?.rdns).toBe('com.coinbase.wallet')
    expect(registry.get('phantom')?.rdns).toBe('app.phantom')
  })
})

describe('createWalletRegistry validation', () => {
  const valid = (): WalletRecord[] => structuredClone(shippedWallets) as WalletRecord[]

  it('rejects a wallet without a name, naming where', () => {
    const data: unknown[] = valid()
    data[2] = { ...(data[2] as object), name: undefined }
    expect(() => createWalletRegistry(JSON.parse(JSON.stringify(data)))).toThrow(/\/2 must have required property 'name'/)
  })

  it('rejects a chain that is not CAIP-2', () => {
    const data: Array<{ chains: string[] }> = valid()
    data[0]!.chains = ['ethereum']
    expect(() => createWalletRegistry(data)).toThrow(/\/0\/chains\/0 must match pattern/)
  })

  it('rejects unknown fields, so typos do not pass silently', () => {
    const data: unknown[] = valid()
    data[0] = { ...(data[0] as object), mobileLink: 'x://' }
    expect(() => createWalletRegistry(data)).toThrow(/must NOT have additional properties/)
  })

  it('rejects duplicate ids', () => {
    const data = valid()
    data.push({ ...data[0]! })
    expect(() => createWalletRegistry(data)).toThrow(new InvalidWalletRegistryError("Wallet registry data is invalid: duplicate id 'metamask'"))
  })

  it('rejects a web app link that is not https', () => {
    const data = valid()
    data[0]!.webapp_link = 'http://wallet.example'
    expect(() => createWalletRegistry(data)).toThrow(/webapp_link must match pattern/)
  })

  it('rejects data that is not a list', () => {
    expect(() => createWalletRegistry({})).toThrow(InvalidWalletRegistryError)
  })
})

describe('WalletRegistry.query', () => {
  const wallet = (id: string, name: string, chains: CaipNetworkId[], badge_type?: 'certified'): WalletRecord => ({
    id,
    name,
    chains,
    image_id: id,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    ...(badge_type ? { badge_type } : {}),
  })
  const registry = createWalletRegistry([
    wallet('alpha', 'Alpha Wallet', [ETH], 'certified'),
    wallet('beta', 'Beta', [SOLANA]),
    wallet('gamma', 'Gamma Wallet', [ETH, BITCOIN]),
    wallet('delta', 'Delta', [BITCOIN]),
    wallet('epsilon', 'Epsilon wallet', [ETH]),
  ])
  const ids = (page: { data: { id: string }[] }) => page.data.map((item) => item.id)

  it('pages in registry order, 1-based, with the total count', () => {
    expect(ids(registry.query({ page: 1, entries: 2 }))).toEqual(['alpha', 'beta'])
    expect(ids(registry.query({ page: 3, entries: 2 }))).toEqual(['epsilon'])
    expect(registry.query({ page: 4, entries: 2 })).toEqual({ data: [], count: 5 })
  })

  it('searches names without regard to case', () => {
    const result = registry.query({ page: 1, entries: 10, search: '  WALLET ' })
    expect(ids(result)).toEqual(['alpha', 'gamma', 'epsilon'])
    expect(result.count).toBe(3)
  })

  it('keeps wallets supporting any of the chains', () => {
    expect(ids(registry.query({ page: 1, entries: 10, chains: [SOLANA, BITCOIN] }))).toEqual(['beta', 'gamma', 'delta'])
  })

  it('returns included wallets in the order asked, skipping unknown ids', () => {
    expect(ids(registry.query({ page: 1, entries: 10, include: ['delta', 'nope', 'alpha', 'delta'] }))).toEqual(['delta', 'alpha'])
  })

  it('drops excluded wallets, also from an include list', () => {
    expect(ids(registry.query({ page: 1, entries: 10, exclude: ['alpha', 'gamma'] }))).toEqual(['beta', 'delta', 'epsilon'])
    expect(ids(registry.query({ page: 1, entries: 10, include: ['alpha', 'beta'], exclude: ['alpha'] }))).toEqual(['beta'])
  })

  it('filters by badge type', () => {
    expect(ids(registry.query({ page: 1, entries: 10, badgeType: 'certified' }))).toEqual(['alpha'])
    expect(registry.query({ page: 1, entries: 10, badgeType: 'none' }).count).toBe(4)
  })

  it('counts after every filter, before paging', () => {
    const result = registry.query({ page: 2, entries: 1, search: 'wallet', chains: [ETH], exclude: ['alpha'] })
    expect(result).toEqual({ data: [expect.objectContaining({ id: 'epsilon' })], count: 2 })
  })

  it(`caps a page at ${MAX_ENTRIES} entries`, () => {
    const many = createWalletRegistry(Array.from({ length: 150 }, (_, i) => wallet(`w${i}`, `Wallet ${i}`, [ETH])))
    expect(many.query({ page: 1, entries: 1000 }).data).toHaveLength(MAX_ENTRIES)
    expect(many.query({ page: 2, entries: 1000 }).data).toHaveLength(50)
  })

  it('returns exactly the listing fields, never curation fields', () => {
    expect(Object.keys(registry.query({ page: 1, entries: 1 }).data[0]!).sort()).toEqual(['chains', 'desktop_link', 'id', 'image_id', 'mobile_link', 'name', 'rdns', 'webapp_link'])
  })
})
