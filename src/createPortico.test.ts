import { createPortico } from './createPortico'
import { ConfigError, NetworkNotFoundError, RpcError, SiweAndSiwxConflictError, messageRecord } from './errors'
import { selectActiveAccount } from './store/selectors/account'
import { untilState } from './test/untilState'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from './test/fakeNamespacePlugin'
import { lazyState } from './store/lazyState'
import { swapActions } from './store/slices/swap'
import { transactionsActions } from './store/slices/transactions'
import { alertsActions } from './store/slices/alerts'
import { connectorsActions } from './store/slices/connectors'
import { sendActions } from './store/slices/send'

const networks = [testNetwork(1, 'Ethereum'), testNetwork(10, 'Optimism')]
const instances: ReturnType<typeof createPortico>[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))
/** Every instance a test makes is destroyed after it: its sagas hold real timers (a retry waits up to 5 min) that would keep Jest running. */
const kept = (portico: ReturnType<typeof createPortico>) => (instances.push(portico), portico)
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** An instance over a fake plugin; its processes may still be loading (see `setup`). */
function make(overrides: Parameters<typeof createPortico>[0] = {}) {
  const wallet = createFakeNamespacePlugin({ networks, connectors: [injectedConnector()] })
  const portico = createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false, ...overrides })
  instances.push(portico)
  return { portico, wallet }
}

/** An instance whose processes run, so each dispatch is answered before the next line. */
async function setup(overrides: Parameters<typeof createPortico>[0] = {}) {
  const made = make(overrides)
  await made.portico.ready()
  return made
}

async function connected() {
  const ctx = await setup()
  ctx.portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await flush()
  return ctx
}

describe('createPortico config rules (SPEC §5)', () => {
  it('a missing project id raises the Project ID Not Configured alert and still works', async () => {
    const portico = kept(createPortico({ plugins: [], networks: [], devtools: false }))
    expect(portico.getState().alerts.alerts).toEqual(['projectIdNotConfigured'])
    expect(kept(createPortico({ projectId: '  ', plugins: [], networks: [], devtools: false })).getState().alerts.alerts).toEqual(['projectIdNotConfigured'])
  })

  it('a project id raises no alert', async () => {
    expect(make().portico.getState().alerts.alerts).toEqual([])
  })

  it('setting both siweConfig and siwx is an error', async () => {
    expect(() => createPortico({ projectId: 'p', siweConfig: {}, siwx: {} })).toThrow(SiweAndSiwxConflictError)
  })

  it('rejects a network whose namespace has no plugin', async () => {
    expect(() => createPortico({ projectId: 'p', plugins: [], networks: [testNetwork(1)] })).toThrow(ConfigError)
  })

  it('rejects a default network that is not among the networks', async () => {
    expect(() => make({ defaultNetwork: 'eip155:999999' })).toThrow(NetworkNotFoundError)
  })

  it('rejects a theme mode other than light or dark', async () => {
    expect(() => make({ themeMode: 'blue' as 'light' })).toThrow('Theme mode must be light or dark.')
    expect(() => make({ themeMode: 'blue' as 'light' })).toThrow(expect.objectContaining({ messageKey: 'themeModeInvalid' }))
  })

  it('rejects endpoints that are not absolute URLs', async () => {
    expect(() => make({ endpoints: { blockchainApi: 'not a url' } })).toThrow('endpoints.blockchainApi must be an absolute URL.')
  })

  it('fills SPEC §9 default features: on and off', async () => {
    const { features } = make().portico.getState().options
    expect(features).toMatchObject({ swaps: true, onramp: true, receive: true, send: true, email: true, history: true, analytics: true, allWallets: true })
    expect(features).toMatchObject({ legalCheckbox: false, smartSessions: false, collapseWallets: false, pay: false })
  })

  it('uses the eip155 plugin with the SPEC §9 EVM chains when no plugins are given', async () => {
    const state = kept(createPortico({ projectId: 'p', devtools: false })).getState()
    expect(state.options.namespaces).toEqual(['eip155'])
    expect(state.network.activeCaipNetworkId).toBe('eip155:1')
  })
})

describe('modal', () => {
  it('open() shows Connect when nothing is connected and close() hides it', async () => {
    const { portico } = await setup()
    portico.open()
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.getState().router.history).toEqual([{ view: 'Connect' }])
    portico.close()
    expect(portico.getState().modal.open).toBe(false)
  })

  it('open({ view }) opens the requested view with its params', async () => {
    const { portico } = await setup()
    portico.open({ view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:10' } })
    expect(portico.getState().router.history).toEqual([{ view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:10' } }])
  })

  describe('with fake timers', () => {
    beforeEach(() => jest.useFakeTimers())
    afterEach(() => jest.useRealTimers())

    it('closing is blocked in ApproveTransaction: the modal shakes for 500 ms instead', async () => {
      const { portico } = await setup()
      portico.open({ view: 'ApproveTransaction' })
      portico.close()
      expect(portico.getState().modal).toMatchObject({ open: true, shake: true })
      await jest.advanceTimersByTimeAsync(499)
      expect(portico.getState().modal.shake).toBe(true)
      await jest.advanceTimersByTimeAsync(1)
      expect(portico.getState().modal).toMatchObject({ open: true, shake: false })
    })

    it('a forced close closes ApproveTransaction', async () => {
      const { portico } = await setup()
      portico.open({ view: 'ApproveTransaction' })
      portico.close({ force: true })
      expect(portico.getState().modal.open).toBe(false)
    })

    it('a second shake restarts the 500 ms', async () => {
      const { portico } = await setup()
      portico.open({ view: 'ApproveTransaction' })
      portico.close()
      await jest.advanceTimersByTimeAsync(300)
      portico.close()
      await jest.advanceTimersByTimeAsync(300)
      expect(portico.getState().modal.shake).toBe(true)
      await jest.advanceTimersByTimeAsync(200)
      expect(portico.getState().modal.shake).toBe(false)
    })

    it('toasts swap with a 150 ms gap (SPEC §9)', async () => {
      const { portico } = await setup()
      portico.store.dispatch(alertsActions.toastRequested({ message: messageRecord('notices.copied'), variant: 'info' }))
      expect(portico.getState().alerts.toast?.message.key).toBe('notices.copied')
      portico.store.dispatch(alertsActions.toastRequested({ message: messageRecord('notices.emailUpdated'), variant: 'info' }))
      expect(portico.getState().alerts.toast).toBeUndefined()
      await jest.advanceTimersByTimeAsync(149)
      expect(portico.getState().alerts.toast).toBeUndefined()
      await jest.advanceTimersByTimeAsync(1)
      expect(portico.getState().alerts.toast?.message.key).toBe('notices.emailUpdated')
    })
  })
})

describe('connectors and account', () => {
  it('mirrors discovered connectors into the store', async () => {
    expect((await setup()).portico.getState().connectors.byNamespace.eip155).toEqual([injectedConnector()])
  })

  it('connecting shows ConnectingExternal, then the account, the recent wallet and closes the modal', async () => {
    const { portico, wallet } = await setup()
    portico.open()
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    expect(portico.getState().router.history.at(-1)).toEqual({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(portico.getState().account.byNamespace.eip155!.status).toBe('connecting')
    await flush()
    const account = selectActiveAccount(portico.getState())
    expect(account).toMatchObject({ status: 'connected', caipAddress: 'eip155:1:0x1111111111111111111111111111111111111111' })
    expect(account.connectedWalletInfo).toEqual({ connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', icon: undefined })
    expect(portico.getState().connectors.recent.map((r) => r.id)).toEqual(['io.metamask'])
    expect(portico.getState().modal.open).toBe(false)
    expect(wallet.calls[0]).toMatchObject({ method: 'connect', args: { connectorId: 'io.metamask' } })
    portico.open()
    expect(portico.getState().router.history).toEqual([{ view: 'Account' }])
  })

  it('a rejected connection leaves the visitor disconnected with the reason', async () => {
    const { portico, wallet } = await setup()
    wallet.behaviour.connect = () => Promise.reject({ code: 4001, message: 'User rejected the request.' })
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await flush()
    expect(selectActiveAccount(portico.getState()).status).toBe('disconnected')
    expect(portico.getState().connectors.error).toEqual({ code: 4001, key: 'errors.userRejectedRequest', params: {} })
  })

  it('signMessage() asks the connected wallet and resolves with its signature', async () => {
    const { portico, wallet } = await connected()
    expect(await portico.signMessage({ message: 'Hello Portico' })).toBe(`0x${'51'.repeat(65)}`)
    expect(wallet.calls.at(-1)).toEqual({
      method: 'signMessage',
      args: { connectorId: 'io.metamask', address: '0x1111111111111111111111111111111111111111', message: 'Hello Portico' },
    })
  })

  it("signMessage() rejects with the wallet's reason, and asks nobody when nothing is connected", async () => {
    const { portico, wallet } = await connected()
    wallet.behaviour.signMessage = () => Promise.reject(new RpcError(4001, { message: 'User rejected the request.' }))
    await expect(portico.signMessage({ message: 'no' })).rejects.toThrow('User rejected the request.')
    await expect((await setup()).portico.signMessage({ message: 'x' })).rejects.toThrow('Connect a wallet that can sign messages first.')
    await expect(portico.signMessage({ message: 'x', namespace: 'solana' })).rejects.toThrow('Connect a wallet that can sign messages first.')
  })

  it('an unknown connector fails with the SPEC message', async () => {
    const { portico } = await setup()
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'nope', namespace: 'eip155' }))
    await flush()
    expect(portico.getState().connectors.error).toEqual({ code: 'wallet/connector-not-found', key: 'errors.addressOrAuthConnectorNotFound', params: {} })
  })

  it('provider events move the account and network, and a disconnect event resets the account', async () => {
    const { portico, wallet } = await connected()
    wallet.emit({ type: 'accountsChanged', accounts: ['0x2222222222222222222222222222222222222222'] })
    expect(selectActiveAccount(portico.getState()).caipAddress).toBe('eip155:1:0x2222222222222222222222222222222222222222')
    wallet.emit({ type: 'chainChanged', caipNetworkId: 'eip155:10' })
    expect(portico.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(selectActiveAccount(portico.getState()).caipAddress).toBe('eip155:10:0x2222222222222222222222222222222222222222')
    wallet.emit({ type: 'disconnect' })
    expect(portico.getState().account.byNamespace.eip155!.status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it('a wallet moving to an unconfigured chain opens UnsupportedChain (SPEC §4)', async () => {
    const { portico, wallet } = await connected()
    wallet.emit({ type: 'chainChanged', caipNetworkId: 'eip155:5' })
    expect(portico.getState().modal.open).toBe(true)
    expect(portico.getState().router.history).toEqual([{ view: 'UnsupportedChain' }])
  })

  it('...unless unsupported chains are allowed', async () => {
    const wallet = createFakeNamespacePlugin({ networks, connectors: [injectedConnector()] })
    const portico = kept(createPortico({ projectId: 'p', plugins: [wallet.plugin], devtools: false, allowUnsupportedChain: true }))
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await flush()
    wallet.emit({ type: 'chainChanged', caipNetworkId: 'eip155:5' })
    expect(portico.getState().modal.open).toBe(false)
    expect(portico.getState().network.unsupportedCaipNetworkId).toBe('eip155:5')
  })

  it('disconnect() resets the account and stops watching the wallet', async () => {
    const { portico, wallet } = await connected()
    await portico.disconnect()
    expect(portico.getState().account.byNamespace.eip155!.status).toBe('disconnected')
    expect(portico.getState().connectors.active).toEqual({})
    expect(wallet.listenerCount()).toBe(0)
  })

  it("disconnect() rejects with 'Failed to disconnect' and keeps the account when the wallet refuses", async () => {
    const { portico, wallet } = await connected()
    wallet.behaviour.disconnect = () => Promise.reject(new Error('nope'))
    await expect(portico.disconnect()).rejects.toThrow('Failed to disconnect')
    expect(portico.getState().account.byNamespace.eip155!.status).toBe('connected')
    await untilState(portico, (s) => s.alerts.toast?.message.key === 'errors.failedToDisconnect' && s.alerts.toast.message.code === 'wallet/disconnect')
  })
})

describe('switchNetwork', () => {
  it('switches locally when nothing is connected, clearing a pending send', async () => {
    const { portico, wallet } = await setup()
    portico.store.dispatch(sendActions.amountSet('1'))
    await portico.switchNetwork('eip155:10')
    expect(portico.getState().network.activeCaipNetworkId).toBe('eip155:10')
    expect(lazyState(portico.getState(), 'send').amount).toBeUndefined()
    expect(wallet.calls).toEqual([])
  })

  it('asks the connected wallet to switch', async () => {
    const { portico, wallet } = await connected()
    await portico.switchNetwork(networks[1]!)
    expect(wallet.calls.at(-1)).toMatchObject({ method: 'switchNetwork', args: { connectorId: 'io.metamask', network: { caipNetworkId: 'eip155:10' } } })
    expect(selectActiveAccount(portico.getState()).caipAddress).toBe('eip155:10:0x1111111111111111111111111111111111111111')
  })

  it('rejects with the wallet error and keeps the network when the wallet refuses', async () => {
    const { portico, wallet } = await connected()
    wallet.behaviour.switchNetwork = () => Promise.reject({ code: 4001, message: 'User rejected the request.' })
    await expect(portico.switchNetwork('eip155:10')).rejects.toMatchObject({ code: 4001 })
    expect(portico.getState().network).toMatchObject({ activeCaipNetworkId: 'eip155:1', switchingTo: undefined })
  })

  it("rejects an unknown network with 'Network not found' and raises the Network Not Found alert", async () => {
    const { portico } = await setup()
    await expect(portico.switchNetwork('eip155:424242')).rejects.toThrow('Network not found')
    expect(portico.getState().alerts.alerts).toContain('networkNotFound')
  })
})

describe('processes that load after the first render', () => {
  it('renders from the store at once; what is dispatched before the processes run is handled when they do, in order', async () => {
    const { portico, wallet } = make()
    // The store answers synchronously (the Connect button renders from it)...
    expect(portico.getState().modal.open).toBe(false)
    portico.open({ view: 'ApproveTransaction' })
    portico.close()
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    // ...and nothing has reached a process yet: discovery and the wallet are untouched.
    expect(portico.getState().modal.shake).toBe(false)
    expect(wallet.calls).toEqual([])
    const seen: string[] = []
    portico.store.subscribe(() => {
      const state = portico.getState()
      if (state.modal.shake) seen.push('shake')
      if (selectActiveAccount(state).status === 'connected') seen.push('connected')
    })
    await portico.ready()
    await untilState(portico, (state) => selectActiveAccount(state).status === 'connected')
    // The close in ApproveTransaction was refused with a shake, then the connect ran.
    expect(seen[0]).toBe('shake')
    expect(seen).toContain('connected')
    expect(wallet.calls[0]).toMatchObject({ method: 'connect', args: { connectorId: 'io.metamask' } })
  })

  it('the last of open and close called before the processes run is what the modal shows once they do', async () => {
    const reopened = make().portico
    reopened.open()
    reopened.close()
    reopened.open()
    const closedLast = make().portico
    closedLast.open()
    closedLast.close()
    await Promise.all([reopened.ready(), closedLast.ready()])
    await flush()
    expect(reopened.getState().modal.open).toBe(true)
    expect(closedLast.getState().modal.open).toBe(false)
  })

  it("an action of a lazy slice applied before the processes run reaches that slice's reducer once they do, once", async () => {
    const { portico } = make()
    portico.store.dispatch(swapActions.sourceAmountSet('1.5'))
    portico.store.dispatch(transactionsActions.pendingAdded('0xaa'))
    // The slices come with the processes: until then they read as their initial state.
    expect(portico.getState().swap).toBeUndefined()
    expect(lazyState(portico.getState(), 'swap').sourceAmount).toBeUndefined()
    await portico.ready()
    expect(portico.getState().swap?.sourceAmount).toBe('1.5')
    expect(portico.getState().transactions?.pending).toEqual(['0xaa'])
  })

  it('switchNetwork, disconnect and signMessage wait for the processes instead of failing', async () => {
    const { portico } = make()
    await expect(portico.signMessage({ message: 'x' })).rejects.toThrow('Connect a wallet that can sign messages first.')
    await expect(portico.switchNetwork('eip155:424242')).rejects.toThrow('Network not found')
  })

  it('an instance destroyed before its processes load never starts them', async () => {
    const { portico, wallet } = make()
    portico.open()
    portico.destroy()
    await expect(portico.ready()).rejects.toThrow('This Portico instance was destroyed.')
    expect(wallet.calls).toEqual([])
    expect(wallet.listenerCount()).toBe(0)
  })
})

describe('the store', () => {
  it('holds only serialisable data', async () => {
    const { portico } = await connected()
    expect(JSON.parse(JSON.stringify(portico.getState()))).toEqual(portico.getState())
  })

  it('each instance has its own store', async () => {
    const a = (await setup()).portico
    const b = (await setup()).portico
    a.open()
    expect(b.getState().modal.open).toBe(false)
  })

  it('destroy() stops discovery and watchers', async () => {
    const { portico, wallet } = await connected()
    portico.destroy()
    expect(wallet.listenerCount()).toBe(0)
  })
})
