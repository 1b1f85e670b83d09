// The Esplora stand-in over HTTP: Esplora's response shapes, and a node's refusals of
// bad transactions (undecodable, unknown or spent inputs, outputs above inputs, bad
// signatures).
import { Transaction } from 'bitcoinjs-lib'

import { startEsplora, type Esplora } from '.'
import { regtestAccount as account, signSpend, type RegtestAccount } from './testSpend'

let esplora: Esplora
beforeAll(async () => {
  esplora = await startEsplora()
})
afterAll(() => esplora.stop())

const get = async (path: string) => {
  const response = await fetch(`${esplora.url}${path}`)
  const text = await response.text()
  return { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, response }
}
const post = async (hex: string) => {
  const response = await fetch(`${esplora.url}/tx`, { method: 'POST', body: hex })
  return { status: response.status, body: await response.text() }
}

/** `signSpend` with the stand-in tests' argument order: optionally signed by another key or over another amount. */
const spend = (from: RegtestAccount, txid: string, value: bigint, to: string, pay: bigint, signer = from.key, signedValue = value) => signSpend(from, txid, value, to, pay, { signer, signedValue })

describe('Esplora stand-in', () => {
  it('reports funded, spent and utxos for an address, and tx status', async () => {
    const alice = account()
    const bob = account()
    const funding = esplora.fund(alice.address, 100_000)
    const { body: stats } = await get(`/address/${alice.address}`)
    expect(stats).toEqual({
      address: alice.address,
      chain_stats: { funded_txo_count: 1, funded_txo_sum: 100_000, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 1 },
      mempool_stats: { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 },
    })
    expect((await get(`/address/${alice.address}/utxo`)).body).toEqual([
      { txid: funding, vout: 0, value: 100_000, status: { confirmed: true, block_height: expect.any(Number), block_hash: expect.stringMatching(/^[0-9a-f]{64}$/), block_time: expect.any(Number) } },
    ])

    const { status, body: txid } = await post(spend(alice, funding, 100_000n, bob.address, 99_000n))
    expect(status).toBe(200)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect((await get(`/address/${alice.address}`)).body.chain_stats).toMatchObject({ funded_txo_sum: 100_000, spent_txo_sum: 100_000, tx_count: 2 })
    expect((await get(`/address/${alice.address}/utxo`)).body).toEqual([])
    expect((await get(`/address/${bob.address}/utxo`)).body).toEqual([expect.objectContaining({ txid, vout: 0, value: 99_000 })])
    expect((await get(`/tx/${txid}/status`)).body).toMatchObject({ confirmed: true })
    expect((await get(`/tx/${txid}/hex`)).body).toBe(Transaction.fromHex((await get(`/tx/${txid}/hex`)).body).toHex())
    expect(esplora.chain.tx(txid)?.fee).toBe(1_000n)
  })

  it("lists an address's transactions newest first in Esplora's JSON (GET /address/:address/txs), paged by last seen txid", async () => {
    const alice = account()
    const bob = account()
    const funding = esplora.fund(alice.address, 100_000)
    const { body: sent } = await post(spend(alice, funding, 100_000n, bob.address, 99_000n))
    const { status, body: txs } = await get(`/address/${alice.address}/txs`)
    expect(status).toBe(200)
    expect(txs.map((tx: { txid: string }) => tx.txid)).toEqual([sent, funding])
    const [send, fund] = txs
    expect(send).toEqual({
      txid: sent,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: funding,
          vout: 0,
          prevout: {
            scriptpubkey: Buffer.from(alice.script).toString('hex'),
            scriptpubkey_asm: expect.stringMatching(/^OP_0 [0-9a-f]{40}$/),
            scriptpubkey_type: 'v0_p2wpkh',
            scriptpubkey_address: alice.address,
            value: 100_000,
          },
          scriptsig: '',
          scriptsig_asm: '',
          witness: [expect.stringMatching(/^30[0-9a-f]+01$/), Buffer.from(alice.key.publicKey).toString('hex')],
          is_coinbase: false,
          sequence: 0xffffffff,
        },
      ],
      vout: [{ scriptpubkey: expect.any(String), scriptpubkey_asm: expect.any(String), scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: bob.address, value: 99_000 }],
      size: expect.any(Number),
      weight: expect.any(Number),
      fee: 1_000,
      status: { confirmed: true, block_height: expect.any(Number), block_hash: expect.stringMatching(/^[0-9a-f]{64}$/), block_time: expect.any(Number) },
    })
    expect(send.status.block_height).toBeGreaterThan(fund.status.block_height)
    expect(fund.vin).toEqual([expect.objectContaining({ txid: '0'.repeat(64), vout: 0xffffffff, prevout: null, is_coinbase: true })])
    expect(fund.fee).toBe(0)
    expect((await get(`/tx/${sent}`)).body).toEqual(send)
    expect((await get(`/address/${bob.address}/txs`)).body.map((tx: { txid: string }) => tx.txid)).toEqual([sent])

    // 27 confirmed transactions: the first page has 25, the next (after the last seen) 2.
    const carol = account()
    const fundings = Array.from({ length: 27 }, () => esplora.fund(carol.address, 1_000)).reverse()
    const first = (await get(`/address/${carol.address}/txs`)).body.map((tx: { txid: string }) => tx.txid)
    expect(first).toEqual(fundings.slice(0, 25))
    expect((await get(`/address/${carol.address}/txs/chain/${first[24]}`)).body.map((tx: { txid: string }) => tx.txid)).toEqual(fundings.slice(25))
    expect((await get(`/address/${carol.address}/txs/chain`)).body).toHaveLength(25)
  })

  it('refuses what a node refuses, in bitcoind words', async () => {
    const alice = account()
    const bob = account()
    const funding = esplora.fund(alice.address, 50_000)
    await expect(post('zz')).resolves.toEqual({ status: 400, body: 'sendrawtransaction RPC error: {"code":-22,"message":"TX decode failed"}' })
    const stranger = spend(alice, 'ab'.repeat(32), 50_000n, bob.address, 40_000n)
    await expect(post(stranger)).resolves.toMatchObject({ status: 400, body: expect.stringContaining('bad-txns-inputs-missingorspent') })
    await expect(post(spend(alice, funding, 50_000n, bob.address, 60_000n))).resolves.toMatchObject({ body: expect.stringContaining('bad-txns-in-belowout') })
    // Signed by the wrong key: the witness public key does not match the output.
    await expect(post(spend(alice, funding, 50_000n, bob.address, 40_000n, bob.key))).resolves.toMatchObject({
      status: 400,
      body: expect.stringContaining('mandatory-script-verify-flag-failed'),
    })
    // Signed for a different amount than the output holds: the BIP 143 sighash differs.
    await expect(post(spend(alice, funding, 50_000n, bob.address, 40_000n, alice.key, 50_001n))).resolves.toMatchObject({
      body: expect.stringContaining('Signature must be zero'),
    })
    const good = spend(alice, funding, 50_000n, bob.address, 40_000n)
    await expect(post(good)).resolves.toMatchObject({ status: 200 })
    await expect(post(good)).resolves.toMatchObject({ status: 400, body: expect.stringContaining('already in block chain') })
    await expect(post(spend(alice, funding, 50_000n, bob.address, 39_000n))).resolves.toMatchObject({ body: expect.stringContaining('txn-mempool-conflict') })
  })

  it('answers 400 for a bad address, 404 for unknown paths and transactions, with CORS', async () => {
    const bad = await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4') // mainnet, not regtest
    expect([bad.status, bad.body]).toEqual([400, 'Invalid Bitcoin address'])
    expect(bad.response.headers.get('access-control-allow-origin')).toBe('*')
    expect((await get(`/tx/${'0'.repeat(64)}/status`)).status).toBe(404)
    expect((await get(`/tx/${'0'.repeat(64)}`)).status).toBe(404)
    expect((await get('/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4/txs')).status).toBe(400)
    expect((await get('/nope')).status).toBe(404)
    const preflight = await fetch(`${esplora.url}/tx`, { method: 'OPTIONS' })
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([204, 'GET, POST, OPTIONS'])
    expect((await get('/fee-estimates')).body).toMatchObject({ '1': expect.any(Number), '6': expect.any(Number) })
    expect(Number((await get('/blocks/tip/height')).body)).toBe(esplora.chain.tip.height)
  })

  it('keeps transactions in the mempool until mined when autoMine is off', async () => {
    const manual = await startEsplora({ autoMine: false })
    try {
      const alice = account()
      const bob = account()
      const funding = manual.fund(alice.address, 10_000)
      const txid = manual.chain.broadcast(spend(alice, funding, 10_000n, bob.address, 9_000n))
      expect(manual.chain.addressStats(bob.address).mempool_stats).toMatchObject({ funded_txo_sum: 9_000, tx_count: 1 })
      expect(manual.chain.addressStats(alice.address)).toMatchObject({ chain_stats: { funded_txo_sum: 10_000 }, mempool_stats: { spent_txo_sum: 10_000 } })
      expect(manual.chain.tx(txid)?.status).toEqual({ confirmed: false })
      // GET /address/:address/txs lists the mempool first.
      expect(manual.chain.addressTxs(alice.address).map((tx) => [tx.txid, tx.status.confirmed])).toEqual([
        [txid, false],
        [funding, true],
      ])
      manual.mine()
      expect(manual.chain.addressStats(bob.address).chain_stats).toMatchObject({ funded_txo_sum: 9_000 })
      expect(manual.chain.tx(txid)?.status).toMatchObject({ confirmed: true })
    } finally {
      await manual.stop()
    }
  })
})

describe('stopping the Esplora stand-in', () => {
  it('stops twice without an error: Ctrl+C and a failing service may both stop the stack (issue 29)', async () => {
    const stand = await startEsplora()
    await stand.stop()
    await expect(stand.stop()).resolves.toBeUndefined()
    await expect(fetch(`${stand.url}/blocks/tip/height`)).rejects.toThrow()
  })
})
