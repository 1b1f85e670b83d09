import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { http } from './test/http'
import { type TestServer, startTestServer } from './test/server'
import { type ExplorerListingEntry, MAX_WALLET_IMAGE_BYTES, describeLoadedRegistry, explorerRecords, loadWalletRegistryFile } from './walletExplorerListing'
import { InvalidWalletRegistryError, type WalletPage } from './walletRegistry'

const ETH = 'eip155:1'
const POLYGON = 'eip155:137'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>')

const hex = (text: string) => createHash('sha256').update(text).digest('hex')
/** Explorer image ids look like UUIDs. */
const uuidOf = (text: string) => hex(`image:${text}`).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5')
const NOTABLE = new Map([
  [17, 'Aurora Vault'],
  [123, 'Borealis Wallet'],
  [250, 'aurora mobile'],
])

/** The i-th wallet of the generated listing, with the Explorer fields this server ignores too. */
function explorerEntry(i: number): Omit<ExplorerListingEntry, 'app'> & Record<string, unknown> {
  const id = hex(`wallet-${i}`)
  const imageId = uuidOf(id)
  const chains = i % 3 === 0 ? [ETH, POLYGON] : i % 3 === 1 ? [ETH, SOLANA] : [BITCOIN]
  return {
    id,
    name: NOTABLE.get(i) ?? `Generated Wallet ${i}`,
    slug: `generated-wallet-${i}`,
    description: `Wallet number ${i}`,
    homepage: `https://wallet${i}.example`,
    chains,
    versions: ['2'],
    sdks: ['sign_v2'],
    app_type: 'wallet',
    category: null,
    image_id: imageId,
    image_url: {
      sm: `https://explorer-api.walletconnect.com/v3/logo/sm/${imageId}`,
      md: `https://explorer-api.walletconnect.com/v3/logo/md/${imageId}`,
      lg: `https://explorer-api.walletconnect.com/v3/logo/lg/${imageId}`,
    },
    app: {
      browser: i % 5 === 0 ? `https://app.wallet${i}.example` : null,
      ios: `https://apps.apple.com/app/id${i}`,
      android: null,
      mac: null,
      windows: null,
      linux: null,
      chrome: null,
      firefox: null,
      safari: null,
      edge: null,
      opera: null,
    },
    injected: i % 4 === 0 ? [{ injected_id: `isWallet${i}`, namespace: 'eip155' }] : null,
    rdns: i % 2 === 0 ? `com.Wallet${i}.app` : null,
    mobile: { native: i % 2 === 0 ? `wallet${i}://` : '', universal: `https://link.wallet${i}.example` },
    desktop: { native: i % 7 === 0 ? `wallet${i}-desktop://` : null, universal: null },
    supported_standards: [],
    metadata: { shortName: `W${i}`, colors: { primary: '#123456', secondary: null } },
    updatedAt: '2024-01-01T00:00:00+00:00',
  }
}

const COUNT = 300
function explorerListing(count = COUNT) {
  const entries = Array.from({ length: count }, (_, i) => explorerEntry(i))
  // Two entries that are no wallet to list: a dapp (as in /v3/all), and a wallet that names no chain.
  const dapp = { ...explorerEntry(count), app_type: 'dapp', name: 'Some Dapp' }
  const chainless = { ...explorerEntry(count + 1), chains: [], name: 'No Chains' }
  return { listings: Object.fromEntries([...entries, dapp, chainless].map((entry) => [entry.id, entry])), count: count + 2, total: count + 2 }
}

describe('a wallet registry from an Explorer-format listing (WALLET_REGISTRY_FILE)', () => {
  let dir: string
  let server: TestServer
  const getWallets = async (query: string) => (await http(server.baseUrl, `/getWallets?projectId=shop&${query}`)).body as WalletPage

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portico-wallets-'))
    const file = join(dir, 'listings.json')
    writeFileSync(file, JSON.stringify(explorerListing()))
    mkdirSync(join(dir, 'images'))
    writeFileSync(join(dir, 'images', `${explorerEntry(0).image_id}.png`), PNG)
    writeFileSync(join(dir, 'images', `${explorerEntry(1).image_id}.svg`), SVG)
    const loaded = loadWalletRegistryFile(file)
    expect(loaded).toMatchObject({
      format: 'explorer',
      images: { files: 2, monograms: COUNT - 2 },
      skipped: [
        { id: explorerEntry(COUNT).id, name: 'Some Dapp', reason: "app_type 'dapp' is not a wallet" },
        { id: explorerEntry(COUNT + 1).id, name: 'No Chains', reason: 'it lists no chains' },
      ],
    })
    expect(describeLoadedRegistry('listings.json', loaded)).toEqual([
      `Portico wallet registry: ${COUNT} wallets from listings.json (Explorer format; 2 image files, ${COUNT - 2} monograms)`,
      `Portico wallet registry: left out Some Dapp (${explorerEntry(COUNT).id}): app_type 'dapp' is not a wallet`,
      `Portico wallet registry: left out No Chains (${explorerEntry(COUNT + 1).id}): it lists no chains`,
    ])
    server = await startTestServer({ walletRegistry: loaded.registry })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves every wallet once through the pages, in the file order', async () => {
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const answer = await getWallets(`page=${page}&entries=40`)
      expect(answer.count).toBe(COUNT)
      if (answer.data.length === 0) break
      expect(answer.data.length).toBeLessThanOrEqual(40)
      seen.push(...answer.data.map((wallet) => wallet.id))
    }
    expect(seen).toEqual(Array.from({ length: COUNT }, (_, i) => explorerEntry(i).id))
  })

  it('maps the Explorer fields to the listing: links, rdns, image id and chains', async () => {
    const [first, second, seventh] = [explorerEntry(0), explorerEntry(1), explorerEntry(7)]
    const { data } = await getWallets(`include=${first.id},${second.id},${seventh.id}`)
    expect(data).toEqual([
      {
        id: first.id,
        name: 'Generated Wallet 0',
        image_id: first.image_id,
        chains: [ETH, POLYGON],
        rdns: 'com.wallet0.app',
        mobile_link: 'wallet0://',
        desktop_link: 'wallet0-desktop://',
        webapp_link: 'https://app.wallet0.example',
      },
      { id: second.id, name: 'Generated Wallet 1', image_id: second.image_id, chains: [ETH, SOLANA], rdns: null, mobile_link: 'https://link.wallet1.example', desktop_link: null, webapp_link: null },
      {
        id: seventh.id,
        name: 'Generated Wallet 7',
        image_id: seventh.image_id,
        chains: [ETH, SOLANA],
        rdns: null,
        mobile_link: 'https://link.wallet7.example',
        desktop_link: 'wallet7-desktop://',
        webapp_link: null,
      },
    ])
  })

  it('searches names without regard to case, and filters by chain', async () => {
    const found = await getWallets('search=AURORA')
    expect(found.data.map((wallet) => wallet.name)).toEqual(['Aurora Vault', 'aurora mobile'])
    expect(found.count).toBe(2)

    const bitcoin = await getWallets(`chains=${BITCOIN}&entries=100`)
    expect(bitcoin.count).toBe(COUNT / 3)
    expect(bitcoin.data.every((wallet) => wallet.chains.includes(BITCOIN))).toBe(true)
    const either = await getWallets(`chains=${SOLANA},${POLYGON}`)
    expect(either.count).toBe((COUNT / 3) * 2)
    const solanaPage2 = await getWallets(`chains=${SOLANA}&page=2&entries=40&exclude=${explorerEntry(1).id}`)
    expect(solanaPage2.count).toBe(COUNT / 3 - 1)
    expect(solanaPage2.data[0]?.id).toBe(explorerEntry(1 + 3 * 41).id)
  })

  it('serves the image files beside the listing, and a monogram for wallets without one', async () => {
    const image = async (id: string) => {
      const response = await fetch(`${server.baseUrl}/getWalletImage/${id}?projectId=shop`)
      return { status: response.status, type: response.headers.get('content-type'), body: Buffer.from(await response.arrayBuffer()) }
    }
    expect(await image(explorerEntry(0).image_id!)).toEqual({ status: 200, type: 'image/png', body: PNG })
    expect(await image(explorerEntry(1).image_id!)).toMatchObject({ status: 200, type: 'image/svg+xml', body: SVG })
    const drawn = await image(explorerEntry(2).image_id!)
    expect(drawn.type).toBe('image/svg+xml')
    expect(drawn.body.toString()).toContain('<title>Generated Wallet 2</title>')
    expect((await image(hex('not listed').slice(0, 32))).status).toBe(404)
  })
})

describe('checking an Explorer-format listing', () => {
  const listingWith = (change: (entry: Record<string, unknown>) => void, index = 7) => {
    const listing = explorerListing(20)
    change(listing.listings[explorerEntry(index).id] as Record<string, unknown>)
    return listing
  }

  it('names the bad entry by its id and name, and the field', () => {
    const id = explorerEntry(7).id
    expect(() => explorerRecords(listingWith((entry) => ((entry.mobile as Record<string, unknown>).universal = 'http://insecure.example')))).toThrow(
      `listings["${id}"] (Generated Wallet 7): /mobile/universal must match pattern "^$|^https://[^\\s]+$"`,
    )
    expect(() => explorerRecords(listingWith((entry) => delete entry.name))).toThrow(`listings["${id}"]: / must have required property 'name'`)
    expect(() => explorerRecords(listingWith((entry) => (entry.chains = ['ethereum'])))).toThrow(`listings["${id}"] (Generated Wallet 7): /chains/0 must match pattern`)
    expect(() => explorerRecords(listingWith((entry) => (entry.id = explorerEntry(8).id)))).toThrow(
      new InvalidWalletRegistryError(`Wallet listing (Explorer format) is invalid:\n- listings["${id}"] (Generated Wallet 7): /id is '${explorerEntry(8).id}', not its key`),
    )
    expect(() => explorerRecords({ wallets: [] })).toThrow("/ must have required property 'listings'")
  })

  it('lists every problem up to 20, then how many more', () => {
    const listing = explorerListing(30)
    for (const entry of Object.values(listing.listings)) (entry as Record<string, unknown>).chains = ['bad']
    let message = ''
    try {
      explorerRecords(listing)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message.split('\n- ')).toHaveLength(22)
    expect(message).toMatch(/… and 12 more$/)
  })

  it('refuses an image file that is not what its name says, or too large, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-wallets-'))
    try {
      const file = join(dir, 'listings.json')
      writeFileSync(file, JSON.stringify(explorerListing(3)))
      mkdirSync(join(dir, 'images'))
      const imageFile = join(dir, 'images', `${explorerEntry(2).image_id}.png`)
      writeFileSync(imageFile, SVG)
      expect(() => loadWalletRegistryFile(file)).toThrow(`Wallet image ${imageFile} is not a image/png file`)
      writeFileSync(imageFile, Buffer.concat([PNG, Buffer.alloc(MAX_WALLET_IMAGE_BYTES)]))
      expect(() => loadWalletRegistryFile(file)).toThrow(`Wallet image ${imageFile} is larger than ${MAX_WALLET_IMAGE_BYTES} bytes`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("also reads this server's own format, and names a file that is no JSON", () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-wallets-'))
    try {
      const own = join(dir, 'wallets.json')
      writeFileSync(own, JSON.stringify([{ id: 'mine', name: 'Mine', rdns: null, chains: [ETH], mobile_link: null, desktop_link: null, webapp_link: null, image_id: 'mine' }]))
      expect(loadWalletRegistryFile(own)).toMatchObject({ format: 'portico', skipped: [], images: { files: 0, monograms: 1 } })
      writeFileSync(own, '{ nope')
      expect(() => loadWalletRegistryFile(own)).toThrow(`Wallet registry file ${own} cannot be read as JSON`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
