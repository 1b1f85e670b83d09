/** @jest-environment jsdom */
import { TextEncoder } from 'node:util'
import { getBase58Decoder, getBase58Encoder, getBase64Decoder } from '@solana/kit'
import type { StandardEventsListeners } from '@wallet-standard/features'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature, SolanaSignTransactionFeature } from '@solana/wallet-standard-features'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import { RpcError } from '../../errors/rpc'
import { createEmbeddedTransport } from '../../frame/transport'
import type { CaipNetwork } from '../../types/network'
import { frameEventType } from '../../frame/protocol'
import { solanaAddressOf } from './address'
import { createFrameSolanaWallet, type FrameSolanaWallet } from './frameWallet'
import { solanaRpcCodecs } from './rpcCodecs'
import { ADDRESS, SOLANA_ADDRESS, user } from '../../frame/test/fixtures'
import { createHarness, outcome, type Harness } from '../../frame/test/harness'

type Features = StandardConnectFeature & StandardDisconnectFeature & StandardEventsFeature & SolanaSignMessageFeature & SolanaSignTransactionFeature & SolanaSignAndSendTransactionFeature

const localnet: CaipNetwork = {
  id: 'GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4',
  chainNamespace: 'solana',
  caipNetworkId: 'solana:GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4',
  name: 'Solana Localnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}
const mainnet: CaipNetwork = { ...localnet, id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', name: 'Solana' }
const solanaUser = { ...user, addresses: { eip155: ADDRESS, solana: SOLANA_ADDRESS } }
const SIGNATURE = getBase58Decoder().decode(new Uint8Array(64).fill(7))

let harness: Harness
let wallet: FrameSolanaWallet
const features = () => wallet.features as Features

beforeEach(async () => {
  jest.useFakeTimers()
  harness = createHarness()
  wallet = createFrameSolanaWallet({ transport: createEmbeddedTransport(harness.client), networks: [mainnet, localnet], codecs: solanaRpcCodecs })
  await harness.ready()
})
afterEach(() => {
  wallet.destroy()
  harness.client.destroy()
  jest.useRealTimers()
  document.body.innerHTML = ''
})

const errorOf = (box: ReturnType<typeof outcome>) => {
  if (box.current.status !== 'rejected') throw new Error(`expected a rejection, got ${box.current.status}`)
  return box.current.error
}

describe("the embedded wallet's Solana side as a Wallet Standard wallet", () => {
  it('names a cluster whose genesis reference is an Object.prototype key localnet, as the plugin does (one table, shared/solanaChains.ts)', () => {
    const odd = createFrameSolanaWallet({
      transport: createEmbeddedTransport(harness.client),
      networks: [{ ...localnet, id: 'constructor', caipNetworkId: 'solana:constructor' }],
      codecs: solanaRpcCodecs,
    })
    try {
      expect(odd.chains).toEqual(['solana:localnet'])
    } finally {
      odd.destroy()
    }
  })

  it('maps the dapp networks to Wallet Standard chains and reads the Solana address of a user', () => {
    expect(wallet.chains).toEqual(['solana:mainnet', 'solana:localnet'])
    expect(solanaAddressOf(solanaUser)).toBe(SOLANA_ADDRESS)
    expect(solanaAddressOf(user)).toBeUndefined()
    expect(solanaAddressOf({ ...user, address: SOLANA_ADDRESS, chainId: localnet.caipNetworkId })).toBe(SOLANA_ADDRESS)
  })

  it('connects only once a user with a Solana address signed in, without asking the frame', async () => {
    await expect(features()['standard:connect'].connect()).rejects.toMatchObject({ code: 4100 })
    wallet.setUser(user)
    expect(wallet.accounts).toEqual([])
    wallet.setUser(solanaUser)
    const { accounts } = await features()['standard:connect'].connect()
    expect(accounts.map((a) => a.address)).toEqual([SOLANA_ADDRESS])
    expect(accounts[0]!.publicKey).toEqual(new Uint8Array(getBase58Encoder().encode(SOLANA_ADDRESS)))
    expect(accounts[0]!.features).toEqual(['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'])
    expect(harness.posted).toEqual([])
  })

  it('signs a message with solana_signMessage (base58 message, the account as pubkey) and returns the signature bytes', async () => {
    wallet.setUser(solanaUser)
    const account = wallet.accounts[0]!
    const message = new TextEncoder().encode('Hello from the Portico demo')
    const signed = outcome(features()['solana:signMessage'].signMessage({ account, message }))
    await harness.flush()
    expect(harness.lastPosted('RPC_REQUEST')).toMatchObject({
      targetOrigin: harness.client.origin,
      message: { payload: { method: 'solana_signMessage', params: { message: getBase58Decoder().decode(message), pubkey: SOLANA_ADDRESS } } },
    })
    harness.succeed('RPC_REQUEST', { result: { signature: SIGNATURE } })
    await harness.flush()
    expect(signed.current).toEqual({ status: 'resolved', value: [{ signedMessage: message, signature: new Uint8Array(64).fill(7) }] })
  })

  it("refuses another account's request before the frame is asked, and turns the frame's 4001 into an RpcError", async () => {
    wallet.setUser(solanaUser)
    const stranger = { ...wallet.accounts[0]!, address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' }
    await expect(features()['solana:signMessage'].signMessage({ account: stranger, message: new Uint8Array([1]) })).rejects.toMatchObject({ code: 4100 })
    expect(harness.posted).toEqual([])

    const declined = outcome(features()['solana:signMessage'].signMessage({ account: wallet.accounts[0]!, message: new Uint8Array([1]) }))
    await harness.flush()
    harness.fail('RPC_REQUEST', { message: 'User rejected the request.', code: 4001 })
    await harness.flush()
    expect(errorOf(declined)).toBeInstanceOf(RpcError)
    expect(errorOf(declined)).toMatchObject({ code: 4001 })
  })

  it('signs and sends a transaction on the CAIP-2 chain of the Wallet Standard chain; a chain the dapp lacks is refused', async () => {
    wallet.setUser(solanaUser)
    const account = wallet.accounts[0]!
    const transaction = new Uint8Array([1, ...new Uint8Array(64), 9, 9, 9])
    const sent = outcome(features()['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:localnet', transaction, options: { preflightCommitment: 'confirmed' } }))
    await harness.flush()
    expect(harness.lastPosted('RPC_REQUEST').message.payload).toEqual({
      method: 'solana_signAndSendTransaction',
      params: { transaction: getBase64Decoder().decode(transaction), sendOptions: { preflightCommitment: 'confirmed' } },
      chainId: localnet.caipNetworkId,
    })
    harness.succeed('RPC_REQUEST', { result: { signature: SIGNATURE } })
    await harness.flush()
    expect(sent.current).toEqual({ status: 'resolved', value: [{ signature: new Uint8Array(64).fill(7) }] })

    const signedOnly = outcome(features()['solana:signTransaction'].signTransaction({ account, chain: 'solana:mainnet', transaction }))
    await harness.flush()
    expect(harness.lastPosted('RPC_REQUEST').message.payload).toEqual({
      method: 'solana_signTransaction',
      params: { transaction: getBase64Decoder().decode(transaction) },
      chainId: mainnet.caipNetworkId,
    })
    harness.succeed('RPC_REQUEST', { result: { signature: SIGNATURE, transaction: getBase64Decoder().decode(transaction) } })
    await harness.flush()
    expect(signedOnly.current).toEqual({ status: 'resolved', value: [{ signedTransaction: transaction }] })

    await expect(features()['solana:signAndSendTransaction'].signAndSendTransaction({ account, chain: 'solana:devnet', transaction })).rejects.toMatchObject({ code: -32602 })
  })

  it('reports the session expiry as a change with no account; disconnect signs out of the frame', async () => {
    wallet.setUser(solanaUser)
    const changes: unknown[] = []
    const listener: StandardEventsListeners['change'] = ({ accounts }) => changes.push(accounts?.map((a) => a.address))
    features()['standard:events'].on('change', listener)
    harness.send({ id: crypto.randomUUID(), type: frameEventType('SESSION_EXPIRED'), payload: {} })
    expect(changes).toEqual([[]])
    expect(wallet.address()).toBeUndefined()

    wallet.setUser(solanaUser)
    expect(changes).toEqual([[], [SOLANA_ADDRESS]])
    const disconnected = outcome(features()['standard:disconnect'].disconnect())
    await harness.flush()
    expect(harness.lastPosted('SIGN_OUT').message.payload).toEqual({})
    harness.succeed('SIGN_OUT', {})
    await harness.flush()
    expect(disconnected.current).toEqual({ status: 'resolved', value: undefined })
    expect(wallet.accounts).toEqual([])
    // Signed out already: a second disconnect does not ask the frame again.
    await features()['standard:disconnect'].disconnect()
    expect(harness.posted.filter((p) => p.message.type === '@portico-app/SIGN_OUT')).toHaveLength(1)
  })
})
