import type * as Wire from '../../src/shared/blockchainApi'
import { solanaLocalnet, startSolanaRpc, TEST_SPL_TOKEN, type SolanaRpc } from '../../dev/solana'
import { getBase58Decoder } from '@solana/codecs-strings'
import { createPriceTable } from '../chain/prices'
import { type SolanaChainId } from '../chain/solana'
import { type ChainTestServer, startChainTestServer } from '../test/chainServer'

// SOL and SPL token balances on the balance route, read from a real Solana JSON-RPC (the
// LiteSVM stand-in of the local stack, with its test token) through the same route, cache
// and errors as EVM chains.

let solana: SolanaRpc
let server: ChainTestServer
let network: SolanaChainId
let clock = Date.parse('2030-01-01T00:00:00Z')

beforeAll(async () => {
  solana = await startSolanaRpc()
  network = solanaLocalnet(solana.url).caipNetworkId as SolanaChainId
  server = await startChainTestServer({
    prices: createPriceTable({ ETH: { usd: 2000 }, SOL: { usd: 150, eur: 140 }, PTT: { usd: 2 } }),
    solanaChains: [{ chainId: network, rpcUrl: solana.url, tokens: [{ mint: TEST_SPL_TOKEN.mint, name: TEST_SPL_TOKEN.name, symbol: TEST_SPL_TOKEN.symbol }] }],
    balanceCacheMs: 30_000,
    now: () => clock,
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await solana?.stop()
})

/** A fresh Solana address (random 32 bytes, as a public key is written). */
const newAddress = () => getBase58Decoder().decode(crypto.getRandomValues(new Uint8Array(32)))

const balance = async (address: string, query: string) => {
  const result = await server.get(`/v1/account/${encodeURIComponent(address)}/balance?${query}`)
  return { status: result.status, body: result.body as Wire.BalanceResponse & { error?: string; message?: string; code?: string } }
}

describe('GET /v1/account/{address}/balance for a Solana account', () => {
  it('answers the SOL balance the node holds, priced from the table, for a base58 address with chainId', async () => {
    const address = newAddress()
    solana.airdrop(address, 2_500_000_000n)
    const { status, body } = await balance(address, `chainId=${network}`)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: network,
        value: 2.5 * 150,
        price: 150,
        quantity: { decimals: '9', numeric: '2.5' },
        iconUrl: `${server.baseUrl}/public/getTokenImage/SOL?projectId=shop`,
      },
    ])
  })

  it('lists the configured SPL tokens the account holds after SOL, in the decimals of their mint, priced from the table', async () => {
    const address = newAddress()
    solana.airdrop(address, 1_000_000_000n)
    await solana.mintTestToken(address, 12_345_678n)
    const { status, body } = await balance(address, `chainId=${network}`)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      expect.objectContaining({ symbol: 'SOL', quantity: { decimals: '9', numeric: '1' } }),
      {
        name: 'Portico Test Token',
        symbol: 'PTT',
        chainId: network,
        address: `${network}:${TEST_SPL_TOKEN.mint}`,
        value: 12.345678 * 2,
        price: 2,
        quantity: { decimals: '6', numeric: '12.345678' },
        iconUrl: `${server.baseUrl}/public/getTokenImage/PTT?projectId=shop`,
      },
    ])
  })

  it('leaves out SPL tokens the account does not hold, and mints the server is not configured for', async () => {
    const address = newAddress()
    solana.airdrop(address, 1_000_000_000n)
    expect((await balance(address, `chainId=${network}`)).body.balances.map((b) => b.symbol)).toEqual(['SOL'])
    const unconfigured = await startChainTestServer({ solanaChains: [{ chainId: network, rpcUrl: solana.url }] })
    try {
      await solana.mintTestToken(address, 1_000_000n)
      const result = await unconfigured.get(`/v1/account/${address}/balance?chainId=${network}`)
      expect((result.body as Wire.BalanceResponse).balances.map((b) => b.symbol)).toEqual(['SOL'])
    } finally {
      await unconfigured.close()
    }
  }, 60_000)

  it('takes the CAIP-10 form, answers 0 for an account the node has never seen, and prices in the asked currency', async () => {
    const address = newAddress()
    const { status, body } = await balance(`${network}:${address}`, 'currency=eur')
    expect(status).toBe(200)
    expect(body.balances).toEqual([expect.objectContaining({ chainId: network, price: 140, value: 0, quantity: { decimals: '9', numeric: '0' } })])
  })

  it('keeps an answer for the cache time unless forceUpdate asks the node again', async () => {
    const address = newAddress()
    expect((await balance(address, `chainId=${network}`)).body.balances[0]!.quantity.numeric).toBe('0')
    solana.airdrop(address, 1_000_000_000n)
    expect((await balance(address, `chainId=${network}`)).body.balances[0]!.quantity.numeric).toBe('0')
    expect((await balance(address, `chainId=${network}&forceUpdate=true`)).body.balances[0]!.quantity.numeric).toBe('1')
    clock += 30_001
    solana.airdrop(address, 1_000_000_000n)
    expect((await balance(address, `chainId=${network}`)).body.balances[0]!.quantity.numeric).toBe('2')
  })

  it("refuses a Solana network the server does not read with 'Chain is not supported' (SPEC §8)", async () => {
    const { status, body } = await balance(newAddress(), 'chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'Chain is not supported', code: 'UNSUPPORTED_CHAIN' })
  })

  it('refuses a Solana address on an EVM chain, and a CAIP-10 id whose network differs from chainId', async () => {
    expect((await balance(newAddress(), 'chainId=eip155:1')).status).toBe(400)
    const mismatch = await balance(`${network}:${newAddress()}`, 'chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(mismatch.status).toBe(400)
  })

  it('answers 502 CHAIN_UNAVAILABLE, naming no URL, when the Solana node does not answer', async () => {
    const down = await startChainTestServer({ solanaChains: [{ chainId: network, rpcUrl: 'http://127.0.0.1:9/' }] })
    try {
      const result = await down.get(`/v1/account/${newAddress()}/balance?chainId=${network}`)
      expect(result.status).toBe(502)
      expect(result.body).toMatchObject({ code: 'CHAIN_UNAVAILABLE' })
      expect(JSON.stringify(result.body)).not.toContain('127.0.0.1:9')
    } finally {
      await down.close()
    }
  }, 60_000)
})
