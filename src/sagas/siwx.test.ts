import { parseSiweMessage } from 'viem/siwe'
import type { SiwxConfig, SiwxSession } from '../config/types'
import { createPortico, type Portico } from '../createPortico'
import { RpcError } from '../errors'
import { siwxActions } from '../store/slices/siwx'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { lazyState } from '../store/lazyState'
import { connectorsActions } from '../store/slices/connectors'

// The SIWX saga with the dapp's callbacks as jest functions and a wallet the test drives.
const address = '0x1111111111111111111111111111111111111111'
const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function siwxConfig(overrides: Partial<SiwxConfig> = {}) {
  return {
    getNonce: jest.fn(async () => 'abcdefgh12345678'),
    verifyMessage: jest.fn(async () => true),
    getSession: jest.fn(async (): Promise<SiwxSession | null> => null),
    signOut: jest.fn(async () => {}),
    getMessageParams: jest.fn(async () => ({ domain: 'shop.example', uri: 'https://shop.example', statement: 'Sign in to Shop' })),
    ...overrides,
  }
}

async function connectedPortico(siwx: SiwxConfig, key: 'siwx' | 'siweConfig' = 'siwx') {
  const wallet = createFakeNamespacePlugin({ networks: [testNetwork(10, 'Optimism')], connectors: [injectedConnector()], address })
  const p = createPortico({ projectId: 'dapp', plugins: [wallet.plugin], devtools: false, [key]: siwx }, { storage: null, now: () => Date.UTC(2024, 0, 1) })
  instances.push(p)
  p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
  await untilState(p, (s) => s.account.byNamespace.eip155?.status === 'connected')
  return { p, wallet }
}

const view = (p: Portico) => p.getState().router.history.at(-1)?.view

describe('siwx saga', () => {
  it('opens ConnectingSiwe after connect, signs an EIP-4361 message with the nonce, verifies and closes', async () => {
    const config = siwxConfig()
    const { p, wallet } = await connectedPortico(config)
    await untilState(p, (s) => s.modal.open && view(p) === 'ConnectingSiwe')
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'signedIn')
    const message = (wallet.calls.find((c) => c.method === 'signMessage')!.args as { message: string }).message
    expect(parseSiweMessage(message)).toMatchObject({
      address: '0x1111111111111111111111111111111111111111',
      chainId: 10,
      domain: 'shop.example',
      uri: 'https://shop.example',
      nonce: 'abcdefgh12345678',
      version: '1',
      statement: 'Sign in to Shop',
      issuedAt: new Date(Date.UTC(2024, 0, 1)),
    })
    expect(config.verifyMessage).toHaveBeenCalledWith({ message, signature: `0x${'51'.repeat(65)}`, address, chainId: 'eip155:10' })
    expect(lazyState(p.getState(), 'siwx').session).toMatchObject({ address, chainId: 'eip155:10', message })
    expect(p.getState().modal.open).toBe(false)
    expect(view(p)).toBe('Account')
  })

  it('works the same under siweConfig', async () => {
    const config = siwxConfig()
    const { p } = await connectedPortico(config, 'siweConfig')
    await untilState(p, () => view(p) === 'ConnectingSiwe')
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'signedIn')
    expect(config.getNonce).toHaveBeenCalledTimes(1)
  })

  it("says 'Signature declined' when the visitor refuses, and stays on ConnectingSiwe", async () => {
    const config = siwxConfig()
    const { p, wallet } = await connectedPortico(config)
    wallet.behaviour.signMessage = async () => {
      throw new RpcError(4001)
    }
    await untilState(p, () => view(p) === 'ConnectingSiwe')
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'error')
    expect(lazyState(p.getState(), 'siwx').error).toMatchObject({ key: 'errors.signatureDeclined', code: 4001 })
    expect(config.verifyMessage).not.toHaveBeenCalled()
    expect(view(p)).toBe('ConnectingSiwe')
  })

  it('refuses a sign-in the backend does not verify', async () => {
    const { p } = await connectedPortico(siwxConfig({ verifyMessage: jest.fn(async () => false) }))
    await untilState(p, () => view(p) === 'ConnectingSiwe')
    p.store.dispatch(siwxActions.signInRequested())
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'error')
    expect(lazyState(p.getState(), 'siwx').error).toMatchObject({ key: 'errors.problemInitializingAuthentication' })
    expect(lazyState(p.getState(), 'siwx').session).toBeUndefined()
  })

  it('skips ConnectingSiwe when the backend has a session for the address, and signs out on disconnect', async () => {
    const config = siwxConfig({ getSession: jest.fn(async () => ({ address: address.toUpperCase().replace('0X', '0x'), chainId: 'eip155:10' })) })
    const { p } = await connectedPortico(config)
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'signedIn')
    await new Promise((r) => setTimeout(r, 20))
    expect(view(p)).not.toBe('ConnectingSiwe')
    await p.disconnect()
    await untilState(p, (s) => lazyState(s, 'siwx').status === 'idle' && lazyState(s, 'siwx').session === undefined)
    expect(config.signOut).toHaveBeenCalledTimes(1)
  })

  it("signs out another address's session and asks this one to sign in", async () => {
    const config = siwxConfig({ getSession: jest.fn(async () => ({ address: '0x2222222222222222222222222222222222222222', chainId: 'eip155:10' })) })
    const { p } = await connectedPortico(config)
    await untilState(p, () => view(p) === 'ConnectingSiwe')
    expect(config.signOut).toHaveBeenCalledTimes(1)
    expect(lazyState(p.getState(), 'siwx').session).toBeUndefined()
  })
})
