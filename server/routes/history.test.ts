import { sql } from 'kysely'
import { type Address, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()
const sender = devAccounts[1]!
const onrampFunder = devAccounts[2]!
const PAGE_SIZE = 3

const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

describe.each(engines)('GET /v1/account/{account}/history on $name', ({ freshDatabase }) => {
  let server: ChainTestServer
  beforeAll(async () => {
    server = await startChainTestServer({ database: await freshDatabase(), historyPageSize: PAGE_SIZE, onrampSenders: { test: [onrampFunder.address] } })
  }, 60_000)
  afterAll(() => server?.close())

  const history = async (account: string, query = '') => {
    const result = await server.get(`/v1/account/${encodeURIComponent(account)}/history${query ? `?${query}` : ''}`)
    return { status: result.status, body: result.body as Wire.TransactionHistoryResponse & { error?: string; message?: string } }
  }

  it('lists native, ERC-20 and ERC-721 transfers the indexer read from the chain, newest first', async () => {
    const visitor = freshAddress()
    const ethHash = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, parseEther('1.5'))
    const tokenHash = await server.sendToken(DEV_PRIVATE_KEYS[1], visitor, parseUnits('5', 18))
    const tokenId = await server.nft.mint(visitor)
    await server.index()

    const { status, body } = await history(visitor, 'chainId=eip155:1')
    expect(status).toBe(200)
    expect(body.next).toBeNull()
    expect(body.data).toHaveLength(3)
    const [mint, token, eth] = body.data
    expect(mint!.metadata).toMatchObject({ operationType: 'mint', status: 'confirmed', sentTo: visitor, chain: 'eip155:1' })
    expect(mint!.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '1' },
        nft_info: { name: `Portico Test NFT #${tokenId}`, content: { preview: { url: expect.stringMatching(/^data:image\/svg\+xml;utf8,<svg /) } } },
      },
    ])
    expect(token).toMatchObject({
      id: `eip155:1:${tokenHash}`,
      metadata: { operationType: 'receive', status: 'confirmed', sentFrom: sender.address, sentTo: visitor, hash: tokenHash },
    })
    expect(token!.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '5' },
        price: 1,
        value: 5,
        fungible_info: { name: 'Portico Test Token', symbol: 'PTT', icon: { url: `${server.baseUrl}/public/getTokenImage/PTT?projectId=shop` } },
      },
    ])
    expect(eth!.metadata).toMatchObject({ operationType: 'receive', hash: ethHash, sentFrom: sender.address, sentTo: visitor })
    expect(eth!.transfers).toEqual([
      {
        direction: 'in',
        quantity: { numeric: '1.5' },
        price: 3000,
        value: 4500,
        fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: expect.stringContaining('/public/getTokenImage/ETH?projectId=shop') } },
      },
    ])
    expect(Date.parse(eth!.metadata.minedAt)).toBeLessThanOrEqual(Date.parse(mint!.metadata.minedAt))

    // The same transactions seen from the sender: sends, out.
    const fromSender = await history(`eip155:1:${sender.address}`)
    const sent = fromSender.body.data.find((item) => item.metadata.hash === tokenHash)
    expect(sent?.metadata.operationType).toBe('send')
    expect(sent?.transfers[0]?.direction).toBe('out')
  })

  it('pages with the cursor: no item twice, none lost, and new blocks do not shift later pages', async () => {
    const visitor = freshAddress()
    const hashes: string[] = []
    for (let i = 0; i < 7; i++) {
      hashes.push(i % 2 === 0 ? await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, BigInt(i + 1)) : await server.sendToken(DEV_PRIVATE_KEYS[1], visitor, BigInt(i + 1)))
    }
    await server.index()

    const first = await history(visitor)
    expect(first.body.data).toHaveLength(PAGE_SIZE)
    expect(first.body.next).toEqual(expect.any(String))
    // A new transaction arrives between pages: it belongs before page one, not in page two.
    const late = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 99n)
    await server.index()

    const seen = [...first.body.data]
    let next = first.body.next
    while (next !== null) {
      const page = await history(visitor, `cursor=${encodeURIComponent(next)}`)
      expect(page.status).toBe(200)
      expect(page.body.data.length).toBeLessThanOrEqual(PAGE_SIZE)
      seen.push(...page.body.data)
      next = page.body.next
    }
    expect(seen.map((item) => item.metadata.hash)).toEqual([...hashes].reverse())
    expect((await history(visitor)).body.data[0]?.metadata.hash).toBe(late)
  })

  it('never duplicates a row when the indexer restarts, even from an older checkpoint', async () => {
    const visitor = freshAddress()
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 1n)
    await server.index()
    const count = async () => {
      const rows = await server.db
        .selectFrom('chain_transactions')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(rows.n)
    }
    const before = await count()
    const page = (await history(visitor)).body

    await server.index({ fresh: true })
    expect(await count()).toBe(before)
    // A crash between writing rows and moving the checkpoint cannot happen (one
    // transaction), but an older checkpoint is the worst case of it: read everything again.
    await sql`update chain_checkpoints set block_number = 0`.execute(server.db)
    await server.index({ fresh: true })
    expect(await count()).toBe(before)
    expect((await history(visitor)).body).toEqual(page)
  })

  it('notices a reorganised chain and drops the transactions that are gone', async () => {
    const visitor = freshAddress()
    const snapshot = await server.rpc('evm_snapshot', [])
    const orphan = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 1n)
    await server.index()
    expect((await history(visitor)).body.data.map((item) => item.metadata.hash)).toEqual([orphan])

    await server.rpc('evm_revert', [snapshot])
    const replacement = await server.sendEth(DEV_PRIVATE_KEYS[3], visitor, 2n)
    await server.index()
    expect((await history(visitor)).body.data.map((item) => item.metadata.hash)).toEqual([replacement])
  })

  it('lists only what the onramp provider sent when asked with onramp', async () => {
    const visitor = freshAddress()
    const purchase = await server.sendEth(DEV_PRIVATE_KEYS[2], visitor, parseEther('0.1'))
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, parseEther('0.2'))
    await server.index()

    expect((await history(visitor)).body.data).toHaveLength(2)
    const bought = await history(visitor, 'onramp=test')
    expect(bought.body.data.map((item) => item.metadata.hash)).toEqual([purchase])
    expect((await history(visitor, 'onramp=other')).body).toEqual({ data: [], next: null })
  })

  it('answers 400 for a chain it does not read, an address that is none and a forged cursor', async () => {
    const account = sender.address
    expect(await history(account, 'chainId=eip155:5')).toMatchObject({ status: 400, body: { error: 'Chain is not supported', code: 'UNSUPPORTED_CHAIN' } })
    expect(await history('0x1234')).toMatchObject({ status: 400, body: { error: 'Bad Request' } })
    expect(await history(account, 'cursor=bm90LWEtY3Vyc29y')).toMatchObject({ status: 400, body: { message: expect.stringContaining('cursor') } })
  })
})
