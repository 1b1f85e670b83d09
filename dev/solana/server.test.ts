// The local Solana RPC through @solana/kit's own client (the wire format is what kit
// parses) and raw JSON-RPC (envelopes, errors, CORS).
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type KeyPairSigner,
} from '@solana/kit'

import { transferSolInstruction } from '../../src/plugins/solana/transfer'
import { LOCALNET_GENESIS_HASH, startSolanaRpc, type SolanaRpc } from '.'

let stand: SolanaRpc
const connect = (url: string) => createSolanaRpc(devnet(url)) // a test cluster: requestAirdrop is typed
let rpc: ReturnType<typeof connect>
beforeAll(async () => {
  stand = await startSolanaRpc()
  rpc = connect(stand.url)
})
afterAll(() => stand.stop())

async function transfer(from: KeyPairSigner, to: string, lamports: bigint, blockhash?: { blockhash: string; lastValidBlockHeight: bigint }) {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) => appendTransactionMessageInstruction(transferSolInstruction(from.address, to as never, lamports), m),
  )
  return signTransaction([from.keyPair], compileTransaction(message))
}

const raw = async (body: unknown) => {
  const response = await fetch(stand.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return response.json()
}

describe('local Solana RPC', () => {
  it('answers the cluster methods in the validator wire format', async () => {
    await expect(rpc.getHealth().send()).resolves.toBe('ok')
    await expect(rpc.getVersion().send()).resolves.toEqual({ 'solana-core': expect.any(String), 'feature-set': expect.any(Number) })
    await expect(rpc.getGenesisHash().send()).resolves.toBe(LOCALNET_GENESIS_HASH)
    const slot = await rpc.getSlot().send()
    const { context, value } = await rpc.getLatestBlockhash().send()
    expect(context.slot).toBe(slot)
    expect(value.lastValidBlockHeight).toBe(slot + 150n)
  })

  it('airdrops, reads balances and base64 / base58 account info, and moves on a slot per transaction', async () => {
    const alice = await generateKeyPairSigner()
    const slot = await rpc.getSlot().send()
    const signature = await rpc.requestAirdrop(alice.address, lamports(2_000_000_000n)).send()
    await expect(rpc.getSlot().send()).resolves.toBe(slot + 1n)
    const { value: statuses } = await rpc.getSignatureStatuses([signature]).send()
    expect(statuses[0]).toEqual({ slot, confirmations: null, err: null, status: { Ok: null }, confirmationStatus: 'finalized' })
    await expect(rpc.getBalance(alice.address).send()).resolves.toMatchObject({ value: 2_000_000_000n })
    const { value: account } = await rpc.getAccountInfo(alice.address, { encoding: 'base64' }).send()
    expect(account).toEqual({ data: ['', 'base64'], executable: false, lamports: 2_000_000_000n, owner: '11111111111111111111111111111111', rentEpoch: 18446744073709551615n, space: 0n })
    expect((await rpc.getAccountInfo(alice.address, { encoding: 'base58' }).send()).value?.data).toEqual(['', 'base58'])
    expect((await rpc.getAccountInfo((await generateKeyPairSigner()).address).send()).value).toBeNull()
  })

  it('lands a signed transfer, refuses a replay, and fails preflight with the validator error', async () => {
    const alice = await generateKeyPairSigner()
    const bob = await generateKeyPairSigner()
    stand.airdrop(alice.address, 1_000_000_000n)
    const tx = await transfer(alice, bob.address, 10_000_000n)
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send()
    expect(signature).toBe(getSignatureFromTransaction(tx))
    await expect(rpc.getBalance(bob.address).send()).resolves.toMatchObject({ value: 10_000_000n })
    await expect(rpc.getBalance(alice.address).send()).resolves.toMatchObject({ value: 1_000_000_000n - 10_000_000n - 5_000n })
    await expect(rpc.sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' }).send()).rejects.toThrow(/simulation failed/i)

    const tooMuch = await transfer(alice, bob.address, 5_000_000_000n)
    const error = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tooMuch), { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    expect((error as { context: { logs: string[] } }).context.logs.join('\n')).toMatch(/insufficient lamports/)
  })

  it('records a failing transaction sent with skipPreflight, and drops one with an unknown blockhash', async () => {
    const alice = await generateKeyPairSigner()
    stand.airdrop(alice.address, 100_000_000n)
    const failing = await transfer(alice, (await generateKeyPairSigner()).address, 500_000_000n)
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(failing), { encoding: 'base64', skipPreflight: true }).send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    // kit parses every integer of the response as a bigint.
    expect(value[0]).toMatchObject({ err: { InstructionError: [0n, { Custom: 1n }] }, status: { Err: { InstructionError: [0n, { Custom: 1n }] } } })

    const stale = await transfer(alice, alice.address, 1n, { blockhash: '11111111111111111111111111111111', lastValidBlockHeight: 0n })
    await expect(rpc.sendTransaction(getBase64EncodedWireTransaction(stale), { encoding: 'base64' }).send()).rejects.toThrow(/simulation failed/i)
    const dropped = await rpc.sendTransaction(getBase64EncodedWireTransaction(stale), { encoding: 'base64', skipPreflight: true }).send()
    expect((await rpc.getSignatureStatuses([dropped]).send()).value).toEqual([null])
  })

  it('speaks JSON-RPC 2.0: batches, unknown methods, bad params, parse errors, CORS', async () => {
    await expect(
      raw([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
      ]),
    ).resolves.toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, error: { code: -32601, message: 'Method not found' } },
    ])
    await expect(raw({ jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['0xnot-solana'] })).resolves.toMatchObject({ error: { code: -32602 } })
    await expect(raw({ id: 4, method: 'getHealth' })).resolves.toMatchObject({ error: { code: -32600 } })
    const parse = await fetch(stand.url, { method: 'POST', body: '{' })
    await expect(parse.json()).resolves.toMatchObject({ error: { code: -32700 } })
    const preflight = await fetch(stand.url, { method: 'OPTIONS' })
    expect([preflight.status, preflight.headers.get('access-control-allow-origin')]).toEqual([204, '*'])
    expect((await fetch(stand.url)).status).toBe(405)
  })
})

describe('stopping the local Solana RPC', () => {
  it('stops twice without an error: Ctrl+C and a failing service may both stop the stack (issue 29)', async () => {
    const rpc = await startSolanaRpc()
    await rpc.stop()
    await expect(rpc.stop()).resolves.toBeUndefined()
    await expect(fetch(`${rpc.url}/`, { method: 'POST' })).rejects.toThrow()
  })
})
