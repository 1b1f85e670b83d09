import { ErrorMessages, WalletSessionError } from '../errors'
import { sendJson, startHttpTestServer, type HttpTestServer } from '../services/test/httpTestServer'
import { DevWalletMethods } from '../../dev/wallets/walletconnect/wallet'
import { createWalletConnectClient } from './client'
import { dappMetadata, noteSignClientInit, settleSignClientTimers, startHarness, testNetwork, type Harness } from './test/harness'
import { builtInProtocols } from './test/protocols'

// Every SPEC §8 wallet-session message, exactly, from the place it arises.
const solanaNetwork = { ...testNetwork(1), id: 'sol', chainNamespace: 'solana', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const, name: 'Solana' }

afterAll(settleSignClientTimers)

async function expectSessionError(promise: Promise<unknown>, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WalletSessionError)
  expect((error as WalletSessionError).shortMessage).toBe(message)
  expect((error as WalletSessionError).message).toBe(message)
}

describe('wallet-session errors before a session (SPEC §8)', () => {
  const client = () => createWalletConnectClient({ projectId: 'p', relayUrl: 'ws://127.0.0.1:1', metadata: dappMetadata, protocols: builtInProtocols, networks: [testNetwork(1)] })

  it("'Sign Client not initialized' before init()", async () => {
    await expectSessionError(client().request({ method: 'personal_sign', params: [] }), 'Sign Client not initialized')
    await expectSessionError(client().connect(), 'Sign Client not initialized')
    await expectSessionError(client().disconnect(), 'Sign Client not initialized')
  })

  it("'Namespace '{x}' is not configured. Please call connect() first with namespace config.' for a namespace outside the config", async () => {
    await expectSessionError(
      client().request({ method: 'solana_signMessage', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
      "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    )
    await expectSessionError(client().switchNetwork('bip122:000000000019d6689c085ae165831e93'), "Namespace 'bip122' is not configured. Please call connect() first with namespace config.")
  })

  it('the messages come from the one SPEC §8 table', () => {
    expect(WalletSessionError.callConnectFirst().shortMessage).toBe(ErrorMessages.callConnectBeforeRequest)
    expect(WalletSessionError.notInitialized().shortMessage).toBe(ErrorMessages.signClientNotInitialized)
    expect(WalletSessionError.callStatusNotApproved().shortMessage).toBe(ErrorMessages.fetchingCallStatusNotApproved)
    expect(WalletSessionError.noRpcUrl().shortMessage).toBe(ErrorMessages.noRpcUrlForChainId)
  })
})

describe('wallet-session errors with the relay and a wallet (SPEC §8)', () => {
  let h: Harness
  let rpc: HttpTestServer
  beforeAll(async () => {
    rpc = await startHttpTestServer((request, response) => {
      const { id, method } = request.json as { id: number; method: string }
      sendJson(response, 200, method === 'eth_blockNumber' ? { jsonrpc: '2.0', id, result: '0x2a' } : { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } })
    })
    // Chain 1 has an RPC URL; chain 10 has none; chain 137 is configured but the wallet serves only 1 and 10.
    // The wallet leaves out EIP-5792's wallet_getCallsStatus.
    h = await startHarness({
      networks: [testNetwork(1, rpc.url), testNetwork(10), testNetwork(137, rpc.url), solanaNetwork],
      wallet: { methods: DevWalletMethods.filter((m) => m !== 'wallet_getCallsStatus') },
    })
  })
  afterAll(async () => {
    await h.stop()
    await rpc.close()
  })

  it("'Please call connect() before request()' once initialised but not connected", async () => {
    await expectSessionError(h.dapp.request({ method: 'personal_sign', params: ['0x00', h.wallet.address] }), 'Please call connect() before request()')
    await expectSessionError(h.dapp.switchNetwork('eip155:10'), 'Please call connect() before request()')
  })

  it('the proposal carries every configured namespace', async () => {
    const { uri, approval } = await h.dapp.connect()
    const proposal = new Promise<unknown>((resolve) => h.wallet.on((event) => event.type === 'proposal' && resolve(event.proposal)))
    await h.wallet.pair(uri)
    expect(await proposal).toMatchObject({ requested: ['eip155:1', 'eip155:10', 'eip155:137', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], chains: ['eip155:1', 'eip155:10'] })
    const session = await approval
    // The EVM-only wallet approves eip155 (1 and 10) and leaves solana out.
    expect(Object.keys(session.namespaces)).toEqual(['eip155'])
    expect(session.namespaces.eip155!.chains).toEqual(['eip155:1', 'eip155:10'])
  })

  it("'Namespace '{x}' is not configured...' for a configured namespace the wallet did not approve", async () => {
    await expectSessionError(
      h.dapp.request({ method: 'solana_signMessage', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }),
      "Namespace 'solana' is not configured. Please call connect() first with namespace config.",
    )
  })

  it('read calls go to the chain RPC', async () => {
    await expect(h.dapp.request({ method: 'eth_blockNumber', chainId: 'eip155:1' })).resolves.toBe('0x2a')
    expect(rpc.requests.at(-1)!.json).toMatchObject({ method: 'eth_blockNumber', params: [] })
  })

  it("'No RPC url provided for chainId' for an approved chain without an RPC URL", async () => {
    await expectSessionError(h.dapp.request({ method: 'eth_blockNumber', chainId: 'eip155:10' }), 'No RPC url provided for chainId')
  })

  it("'JSON-RPC provider for {chain} not found' for a chain outside the session", async () => {
    await expectSessionError(h.dapp.request({ method: 'eth_blockNumber', chainId: 'eip155:137' }), 'JSON-RPC provider for eip155:137 not found')
  })

  it("'Fetching call status not approved by the wallet.' when the wallet did not approve wallet_getCallsStatus", async () => {
    await expectSessionError(h.dapp.request({ method: 'wallet_getCallsStatus', params: ['0x01'], chainId: 'eip155:1' }), 'Fetching call status not approved by the wallet.')
  })

  it('switching to an approved chain moves requests there; an unapproved one needs the wallet', async () => {
    await h.dapp.switchNetwork('eip155:10')
    await expect(h.dapp.request({ method: 'eth_chainId' })).resolves.toBe('0xa')
    // 137 is not approved; the wallet has wallet_switchEthereumChain but does not know 137 (4902).
    await expect(h.dapp.switchNetwork('eip155:137')).rejects.toMatchObject({ code: 4902 })
  })

  it("'Sign Client not initialized' after destroy()", async () => {
    const other = createWalletConnectClient({ projectId: 'p', relayUrl: h.relay.url, metadata: dappMetadata, protocols: builtInProtocols, networks: [testNetwork(1)] })
    await other.init()
    noteSignClientInit()
    await other.destroy()
    await expectSessionError(other.connect(), 'Sign Client not initialized')
    await expectSessionError(other.request({ method: 'personal_sign', chainId: 'eip155:1' }), 'Sign Client not initialized')
  })
})
