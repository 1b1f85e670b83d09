import { verifyMessage, type Hex } from 'viem'
import { nextDappEvent, nextWalletEvent, settleSignClientTimers, startHarness, until, type Harness } from './test/harness'

// A real sign-client dapp (Portico's client) and a real sign-client wallet (the dev
// wallet) pair through the local relay: SPEC §4 wallet session, end to end.
let h: Harness
beforeEach(async () => {
  h = await startHarness()
})
afterEach(() => h.stop())
afterAll(settleSignClientTimers)

async function pairAndApprove() {
  const pairing = await h.dapp.connect()
  expect(pairing.uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(pairing.uri).toContain(`wc:${pairing.pairingTopic}@2`)
  await h.wallet.pair(pairing.uri)
  return pairing.approval
}

describe('WalletConnect session through the local relay', () => {
  it('proposes, approves, requests, updates, emits events and deletes with cleanup on both sides', async () => {
    const proposal = nextWalletEvent(h.wallet, 'proposal')
    const session = await pairAndApprove()

    // The proposal carried the configured networks; the wallet approved both chains.
    expect((await proposal).proposal).toMatchObject({ dapp: { name: 'Portico test dapp' }, chains: ['eip155:1', 'eip155:10'] })
    const address = h.wallet.address
    expect(session.peer.name).toBe('Portico Dev Wallet (WalletConnect)')
    expect(session.namespaces.eip155).toMatchObject({ chains: ['eip155:1', 'eip155:10'], accounts: [`eip155:1:${address}`, `eip155:10:${address}`] })
    expect(session.namespaces.eip155!.events).toEqual(['chainChanged', 'accountsChanged'])
    expect(h.dapp.getSession()?.topic).toBe(session.topic)
    expect(h.wallet.sessions()).toEqual([expect.objectContaining({ topic: session.topic, dapp: 'Portico test dapp' })])

    // personal_sign: the wallet signs with its key and the dapp receives the signature.
    const message = '0x48656c6c6f2c20506f727469636f' // "Hello, Portico"
    const signature = await h.dapp.request<Hex>({ method: 'personal_sign', params: [message, address], chainId: 'eip155:1' })
    expect(await verifyMessage({ address: address as Hex, message: { raw: message }, signature })).toBe(true)
    expect(await h.dapp.request({ method: 'eth_chainId' })).toBe('0x1')

    // session_update: the wallet narrows the session to chain 10 and another address.
    const updated = nextDappEvent(h.dapp, 'session_update')
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    await h.wallet.updateSession(session.topic, { address: other, chainIds: [10] })
    expect((await updated).session.namespaces.eip155).toMatchObject({ chains: ['eip155:10'], accounts: [`eip155:10:${other}`] })
    expect(h.dapp.getSession()!.namespaces.eip155!.accounts).toEqual([`eip155:10:${other}`])
    // The dapp's default chain follows the update: requests without a chain go to 10.
    expect(await h.dapp.request({ method: 'eth_chainId' })).toBe('0xa')

    // session_event: chain and account changes arrive as plain events.
    const chainChanged = nextDappEvent(h.dapp, 'chainChanged')
    await h.wallet.emitChainChanged(session.topic, 10)
    expect(await chainChanged).toEqual({ type: 'chainChanged', caipNetworkId: 'eip155:10' })
    const accountsChanged = nextDappEvent(h.dapp, 'accountsChanged')
    await h.wallet.emitAccountsChanged(session.topic, [`eip155:10:${other}`], 10)
    expect(await accountsChanged).toEqual({ type: 'accountsChanged', namespace: 'eip155', accounts: [other] })

    // session_delete from the wallet: the dapp cleans up and reports a disconnect.
    const disconnected = nextDappEvent(h.dapp, 'disconnect')
    await h.wallet.disconnect(session.topic)
    expect(await disconnected).toEqual({ type: 'disconnect', reason: 'session_delete' })
    expect(h.dapp.getSession()).toBeUndefined()
    await until(() => h.wallet.sessions().length === 0)
    await expect(h.dapp.request({ method: 'personal_sign', params: [message, address] })).rejects.toThrow('Please call connect() before request()')
  })

  it('a disconnect from the dapp ends the session on the wallet too', async () => {
    const session = await pairAndApprove()
    const deleted = nextWalletEvent(h.wallet, 'deleted')
    await h.dapp.disconnect()
    expect((await deleted).topic).toBe(session.topic)
    expect(h.dapp.getSession()).toBeUndefined()
    expect(h.wallet.sessions()).toEqual([])
  })

  it('the wallet that scans late still receives the proposal the relay stored', async () => {
    const pairing = await h.dapp.connect()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(h.relay.storedMessages()).toBeGreaterThanOrEqual(1)
    await h.wallet.pair(pairing.uri)
    await expect(pairing.approval).resolves.toMatchObject({ peer: { name: 'Portico Dev Wallet (WalletConnect)' } })
  })

  it('a rejected proposal rejects the approval', async () => {
    await h.stop()
    h = await startHarness({ wallet: { decideProposal: () => false } })
    const pairing = await h.dapp.connect()
    await h.wallet.pair(pairing.uri)
    await expect(pairing.approval).rejects.toMatchObject({ message: 'User rejected.' })
    expect(h.dapp.getSession()).toBeUndefined()
  })

  it('a rejected request becomes an RpcError with the wallet code 4001', async () => {
    await h.stop()
    h = await startHarness({ wallet: { decideRequest: () => false } })
    await pairAndApprove()
    await expect(h.dapp.request({ method: 'personal_sign', params: ['0x00', h.wallet.address] })).rejects.toMatchObject({ code: 4001, name: 'RpcError' })
  })
})
