/** @jest-environment jsdom */
import { RpcError } from '../../errors/rpc'
import { createEmbeddedTransport } from '../../frame/transport'
import { createFrameProvider, type FrameProvider } from './frameProvider'
import { ADDRESS, SIGNATURE, user } from '../../frame/test/fixtures'
import { createHarness, outcome, type Harness } from '../../frame/test/harness'
import { frameEventType } from '../../frame/protocol'

let harness: Harness
let provider: FrameProvider

beforeEach(async () => {
  jest.useFakeTimers()
  harness = createHarness()
  provider = createFrameProvider({ transport: createEmbeddedTransport(harness.client) })
  await harness.ready()
})
afterEach(() => {
  provider.destroy()
  harness.client.destroy()
  jest.useRealTimers()
  jest.restoreAllMocks()
  document.body.innerHTML = ''
})

const errorOf = (box: ReturnType<typeof outcome>) => {
  if (box.current.status !== 'rejected') throw new Error(`expected a rejection, got ${box.current.status}`)
  return box.current.error
}

describe('the embedded wallet as an EIP-1193 provider', () => {
  it('answers accounts and chain itself: none before sign-in, the user after, on the user’s chain', async () => {
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({ code: 4100 })
    provider.setUser({ ...user, chainId: 10 })
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')
    expect(harness.posted).toEqual([])
  })

  it('sends other allowed methods to the frame as RPC_REQUEST on its chain and resolves with the result', async () => {
    provider.setUser(user)
    const signed = outcome(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }))
    await harness.flush()
    expect(harness.lastPosted('RPC_REQUEST').message.payload).toEqual({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS], chainId: 1 })
    harness.succeed('RPC_REQUEST', { result: SIGNATURE })
    await harness.flush()
    expect(signed.current).toEqual({ status: 'resolved', value: SIGNATURE })
  })

  it('turns the frame’s wallet codes into RpcErrors (4001 declined) and refuses methods the frame does not allow with 4200', async () => {
    provider.setUser(user)
    const declined = outcome(provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS] }))
    await harness.flush()
    harness.fail('RPC_REQUEST', { message: 'User rejected the request.', code: 4001 })
    await harness.flush()
    expect(errorOf(declined)).toBeInstanceOf(RpcError)
    expect(errorOf(declined)).toMatchObject({ code: 4001, shortMessage: 'User rejected the request.' })

    await expect(provider.request({ method: 'eth_sign', params: [ADDRESS, '0x00'] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x89' }] })).rejects.toMatchObject({ code: 4200 })
    expect(harness.posted.filter((p) => p.message.type === '@portico-app/RPC_REQUEST')).toHaveLength(1)
  })

  it('switches the frame’s network with SWITCH_NETWORK and emits chainChanged; an unknown chain fails with the frame’s 4902', async () => {
    provider.setUser(user)
    const chains: unknown[] = []
    provider.on('chainChanged', (chainId) => chains.push(chainId))
    const switched = outcome(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }))
    await harness.flush()
    expect(harness.lastPosted('SWITCH_NETWORK').message.payload).toEqual({ chainId: 'eip155:10' })
    harness.succeed('SWITCH_NETWORK', { chainId: 10 })
    await harness.flush()
    expect(switched.current).toEqual({ status: 'resolved', value: null })
    expect(chains).toEqual(['0xa'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0xa')

    const unknown = outcome(provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2a' }] }))
    await harness.flush()
    harness.fail('SWITCH_NETWORK', { message: "Chain 'eip155:42' is not supported by the embedded wallet", code: 4902 })
    await harness.flush()
    expect(errorOf(unknown)).toMatchObject({ code: 4902 })
    expect(chains).toEqual(['0xa'])
  })

  it('signs out with SIGN_OUT on wallet_revokePermissions and then has no account', async () => {
    provider.setUser(user)
    const revoked = outcome(provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }))
    await harness.flush()
    harness.succeed('SIGN_OUT', {})
    await harness.flush()
    expect(revoked.current).toEqual({ status: 'resolved', value: null })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('reports the frame’s account change, chain change and session expiry as accountsChanged, chainChanged and disconnect', async () => {
    provider.setUser(user)
    const heard: [string, unknown][] = []
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect']) provider.on(event, (value) => heard.push([event, value]))
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    harness.send({ id: crypto.randomUUID(), type: frameEventType('ACCOUNT_CHANGED'), payload: { address: other, chainId: 1, type: 'eoa' } })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('CHAIN_CHANGED'), payload: { chainId: 'eip155:8453' } })
    harness.send({ id: crypto.randomUUID(), type: frameEventType('SESSION_EXPIRED'), payload: {} })
    expect(heard.map(([event]) => event)).toEqual(['accountsChanged', 'chainChanged', 'disconnect'])
    expect(heard[0]![1]).toEqual([other])
    expect(heard[1]![1]).toBe('0x2105')
    expect(heard[2]![1]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })
})
