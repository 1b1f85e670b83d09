import { sql } from 'kysely'
import { type Address, type Hex, encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type * as Wire from '../../src/shared/blockchainApi'
import { DEV_PRIVATE_KEYS, devAccounts } from '../../dev/chain/devAccounts'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'
import { setupTestEngines } from '../test/engines'
import { createChainClients } from './clients'
import { type ChainIndexerOptions, createChainIndexer } from './indexer'
import { createTokenMetadataStore } from './tokens'

const engines = setupTestEngines()
const CHAIN = 'eip155:1'
const freshAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

describe.each(engines)('the chain indexer on a reorganised anvil, on $name', ({ freshDatabase }) => {
  let server: ChainTestServer
  beforeAll(async () => {
    server = await startChainTestServer({ database: await freshDatabase(), balanceCacheMs: 0 })
  }, 60_000)
  afterAll(() => server?.close())

  const newIndexer = (options: Partial<ChainIndexerOptions> = {}) => {
    const clients = createChainClients([server.chainConfig])
    return createChainIndexer({ db: server.db, clients, tokens: createTokenMetadataStore(server.db, clients), batchBlocks: 3, ...options })
  }
  const historyHashes = async (account: Address) => ((await server.get(`/v1/account/${account}/history`)).body as Wire.TransactionHistoryResponse).data.map((item) => item.metadata.hash)
  const balances = async (account: Address) => ((await server.get(`/v1/account/${account}/balance?chainId=${CHAIN}&forceUpdate=true`)).body as Wire.BalanceResponse).balances
  const head = async () => Number(await server.rpc('eth_blockNumber', []))
  const blockOf = async (hash: Hex) => Number(((await server.rpc('eth_getTransactionReceipt', [hash])) as { blockNumber: Hex }).blockNumber)
  const transactionsOfBlock = async (blockNumber: number) => ((await server.rpc('eth_getBlockByNumber', [`0x${blockNumber.toString(16)}`, false])) as { transactions: Hex[] }).transactions
  /** anvil_reorg: replaces the last `depth` blocks with as many new ones holding `transactions` (each at its block offset). */
  const reorg = (depth: number, transactions: [{ from: Address; to: Address; value?: Hex; data?: Hex; gas?: Hex }, number][]) => server.rpc('anvil_reorg', [depth, transactions])
  const storedBlocks = (upTo: number) =>
    server.db.selectFrom('chain_blocks').select(['block_number', 'block_hash']).where('chain_id', '=', CHAIN).where('block_number', '<=', upTo).orderBy('block_number').execute()
  const storedTransactionCount = async (hashes: readonly string[]) =>
    Number(
      (
        await server.db
          .selectFrom('chain_transactions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('hash', 'in', [...hashes])
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('rolls back only the blocks above the fork point, and history and balances follow the new branch', async () => {
    const visitor = freshAddress()
    const kept = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, parseEther('1'))
    const orphanToken = await server.sendToken(DEV_PRIVATE_KEYS[1], visitor, parseUnits('5', 18))
    const orphanEth = await server.sendEth(DEV_PRIVATE_KEYS[3], visitor, parseEther('2'))
    const indexer = newIndexer()
    await indexer.syncOnce()
    expect(await historyHashes(visitor)).toEqual([orphanEth, orphanToken, kept])
    const forkPoint = await blockOf(kept)
    expect(await head()).toBe(forkPoint + 2)
    const blocksBelowFork = await storedBlocks(forkPoint)
    const before = indexer.work(CHAIN)

    // The two blocks after `kept` are replaced by two others: 3 ETH from another sender, then 7 PTT.
    await reorg(2, [
      [{ from: devAccounts[5]!.address, to: visitor, value: `0x${parseEther('3').toString(16)}` }, 0],
      [{ from: devAccounts[1]!.address, to: server.token.address, gas: '0x30d40', data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [visitor, parseUnits('7', 18)] }) }, 1],
    ])
    const [replacementEth] = await transactionsOfBlock(forkPoint + 1)
    const [replacementToken] = await transactionsOfBlock(forkPoint + 2)
    await indexer.syncOnce()

    const after = indexer.work(CHAIN)
    expect(after.reorgs - before.reorgs).toBe(1)
    expect(after.blocksRolledBack - before.blocksRolledBack).toBe(2)
    expect(after.resets).toBe(0)
    // Only the two new blocks were read: nothing at or below the fork point was indexed again.
    expect(after.blocksIndexed - before.blocksIndexed).toBe(2)
    expect(await storedBlocks(forkPoint)).toEqual(blocksBelowFork)

    expect(await historyHashes(visitor)).toEqual([replacementToken, replacementEth, kept])
    expect(await storedTransactionCount([orphanEth, orphanToken])).toBe(0)
    const received = await balances(visitor)
    expect(received.find((balance) => balance.symbol === 'ETH')?.quantity.numeric).toBe('4')
    expect(received.find((balance) => balance.symbol === 'PTT')?.quantity.numeric).toBe('7')
  })

  it('stays its confirmations below the head, so a reorganisation shallower than them never reaches the index', async () => {
    const visitor = freshAddress()
    const indexer = newIndexer({ confirmations: 2 })
    await server.rpc('anvil_mine', ['0x3'])
    const first = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 1n)
    expect(await indexer.syncOnce()).toEqual({ [CHAIN]: (await head()) - 2 })
    expect(await historyHashes(visitor)).toEqual([])

    const orphan = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 2n)
    await reorg(1, [[{ from: devAccounts[6]!.address, to: visitor, value: '0x3' }, 0]])
    const [replacement] = await transactionsOfBlock(await head())
    await server.rpc('anvil_mine', ['0x2'])
    await indexer.syncOnce()

    expect(indexer.work(CHAIN)).toMatchObject({ reorgs: 0, blocksRolledBack: 0, resets: 0 })
    expect(await historyHashes(visitor)).toEqual([replacement, first])
    expect(await storedTransactionCount([orphan])).toBe(0)
  })

  it('indexes the chain again from its start when no kept block hash is still on the chain', async () => {
    const visitor = freshAddress()
    const indexer = newIndexer({ keepBlocks: 1 })
    const kept = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 1n)
    await server.rpc('anvil_mine', ['0x2'])
    await indexer.syncOnce()
    expect(await storedBlocks(Number.MAX_SAFE_INTEGER)).toHaveLength(2)

    await reorg(3, [[{ from: devAccounts[8]!.address, to: visitor, value: '0x2' }, 2]])
    const [replacement] = await transactionsOfBlock(await head())
    await indexer.syncOnce()

    expect(indexer.work(CHAIN)).toMatchObject({ reorgs: 0, resets: 1 })
    expect(await historyHashes(visitor)).toEqual([replacement])
    expect(await storedTransactionCount([kept])).toBe(0)
  })

  it('lets two indexers share one database through a reorganisation: one rolls back, neither duplicates a row', async () => {
    const visitor = freshAddress()
    const [a, b] = [newIndexer(), newIndexer()]
    const kept = await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 10n)
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 20n)
    await Promise.all([a.syncOnce(), b.syncOnce()])

    await reorg(1, [[{ from: devAccounts[7]!.address, to: visitor, value: '0x1e' }, 0]])
    const [replacement] = await transactionsOfBlock(await head())
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor, 40n)
    // On PostgreSQL one of them may leave this poll to the other (the sync lock); either way one rolls back.
    await Promise.all([a.syncOnce(), b.syncOnce()])

    expect(await b.syncOnce()).toEqual({ [CHAIN]: await head() })
    expect(a.work(CHAIN).reorgs + b.work(CHAIN).reorgs).toBe(1)
    const hashes = await historyHashes(visitor)
    expect(hashes.slice(1)).toEqual([replacement, kept])
    expect(new Set(hashes).size).toBe(3)
    const wei = (await balances(visitor)).find((balance) => balance.symbol === 'ETH')?.quantity.numeric
    expect(wei).toBe('0.00000000000000008')
  })
})

describe.each(engines.filter((engine) => engine.engine === 'postgres'))('the chain indexer beside another instance, on $name', ({ freshDatabase }) => {
  let server: ChainTestServer
  beforeAll(async () => {
    server = await startChainTestServer({ database: await freshDatabase() })
  }, 60_000)
  afterAll(() => server?.close())

  it('leaves a poll to the instance that holds the chain, and indexes once it lets go', async () => {
    const clients = createChainClients([server.chainConfig])
    const indexer = createChainIndexer({ db: server.db, clients, tokens: createTokenMetadataStore(server.db, clients) })
    const head = Number(await server.rpc('eth_blockNumber', []))
    // Another instance's sync: the same session lock, held on a connection of its own.
    await server.db.connection().execute(async (other) => {
      await sql`select pg_advisory_lock(hashtext(${`portico:chain-index:${CHAIN}:sync`}))`.execute(other)
      try {
        expect(await indexer.syncOnce()).toEqual({ [CHAIN]: -1 })
        expect(indexer.work(CHAIN)).toMatchObject({ skipped: 1, blocksIndexed: 0 })
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${`portico:chain-index:${CHAIN}:sync`}))`.execute(other)
      }
    })
    expect(await indexer.syncOnce()).toEqual({ [CHAIN]: head })
    expect(indexer.work(CHAIN)).toMatchObject({ skipped: 1, blocksIndexed: head + 1 })
  })
})
