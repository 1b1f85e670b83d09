// Smart sessions against the real reference server: signatures from real keys (a viem
// account, and the injected dev wallet through a real Portico instance).
import { keccak256, toHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devAccounts } from '../../dev/chain/devAccounts'
import { type TestServer, startTestServer } from '../../server/test/server'
import { TEST_PROJECTS } from '../../server/test/projects'
import { ConfigError, NotConnectedError, PorticoError } from '../errors'
import { connectDevWallet, devWalletPorticos } from '../test/devWalletPortico'
import { rejection } from '../test/rejection'
import { createSmartSessions, porticoSmartSessions } from './createSmartSessions'

jest.setTimeout(60_000)

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    projects: [...TEST_PROJECTS, { id: 'dapp', allowedOrigins: ['http://localhost:*'], analyticsEnabled: false }],
    // More sessions than one page of the server's (50) are recorded below.
    routeLimits: { sessionWritesPerIp: { max: 200, windowMs: 60_000 } },
  })
})
afterAll(() => server?.close())

const expiry = Math.floor(Date.now() / 1000) + 3600
const permissions = [{ type: 'native-token-recurring-allowance', data: { allowance: '0x2386f26fc10000', period: 86_400 } }]

describe('createSmartSessions', () => {
  const key = privateKeyToAccount(generatePrivateKey())
  const account = `eip155:1:${key.address}`
  /** A wallet that grants what it is asked, with a context of its own making (as ERC-7715 wallets answer). */
  const grantingWallet = async ({ method, params }: { method: string; params: unknown[] }) => {
    if (method !== 'wallet_grantPermissions') throw new Error(`unexpected ${method}`)
    const asked = params[0] as Record<string, unknown>
    return { ...asked, context: keccak256(`0x${Buffer.from(JSON.stringify(asked)).toString('hex')}`) }
  }
  const live = () => createSmartSessions({ url: server.baseUrl, projectId: 'shop', account: () => account, signMessage: (message) => key.signMessage({ message }), request: grantingWallet })

  it('grants through the wallet, records, lists and revokes a session', async () => {
    const client = live()
    const granted = await client.grant({ chainId: '0x1', expiry, signer: { type: 'key', data: { id: key.address } }, permissions }, { name: 'Shop' })
    expect(granted).toMatchObject({ project: { id: 'shop', name: 'Shop' }, expiry, permissions, revokedAt: null })
    expect(granted.pci).toBe(keccak256(granted.context as Hex))
    expect((await client.list()).map((s) => s.pci)).toContain(granted.pci)

    await client.revoke(granted.pci)
    const revoked = (await client.list()).find((s) => s.pci === granted.pci)
    expect(typeof revoked?.revokedAt).toBe('number')
  })

  it("lists every session, past the server's page of 50, newest first", async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const make = (pageSize?: number) =>
      createSmartSessions({ url: server.baseUrl, projectId: 'shop', account: () => `eip155:1:${owner.address}`, signMessage: (message) => owner.signMessage({ message }), pageSize })
    const recorded: string[] = []
    for (let i = 0; i < 53; i++) recorded.push((await make().record({ context: toHex(i + 1, { size: 4 }), expiry, permissions })).pci)
    const listed = await make().list()
    expect(listed.map((s) => s.pci)).toEqual([...recorded].reverse())
    // Small pages, followed by their cursors, give the same list.
    expect((await make(10).list()).map((s) => s.pci)).toEqual([...recorded].reverse())
  })

  it('records a grant the dapp obtained itself', async () => {
    const session = await live().record({ context: '0xc0ffee', expiry, permissions })
    expect(session).toMatchObject({ pci: keccak256('0xc0ffee'), project: { id: 'shop', name: 'shop' }, context: '0xc0ffee' })
  })

  it('refuses without a connected EVM account, and a grant answer without a context', async () => {
    const nobody = createSmartSessions({ url: server.baseUrl, projectId: 'shop', account: () => undefined, signMessage: (message) => key.signMessage({ message }) })
    expect(await rejection(nobody.list())).toBeInstanceOf(NotConnectedError)
    const noContext = createSmartSessions({ url: server.baseUrl, projectId: 'shop', account: () => account, signMessage: (message) => key.signMessage({ message }), request: async () => ({}) })
    const error = await rejection(noContext.grant({ expiry, permissions }))
    expect(error).toBeInstanceOf(PorticoError)
    expect((error as PorticoError).shortMessage).toBe('The wallet answered wallet_grantPermissions without a permissions context.')
  })
})

describe('porticoSmartSessions', () => {
  const env = devWalletPorticos()

  it('refuses while features.smartSessions is off (SPEC §9 default)', () => {
    const { portico } = env.start()
    expect(() => porticoSmartSessions(portico)).toThrow(ConfigError)
    expect(() => porticoSmartSessions(portico)).toThrow('Smart sessions are off: set features.smartSessions to true.')
  })

  it('records and revokes with the connected wallet’s signatures, and passes on a wallet that cannot grant', async () => {
    const { portico } = env.start({ account: 5, config: { features: { smartSessions: true }, endpoints: { blockchainApi: server.baseUrl } } })
    const sessions = porticoSmartSessions(portico)
    expect(await rejection(sessions.list())).toBeInstanceOf(NotConnectedError)
    await connectDevWallet(portico)

    const session = await sessions.record({ context: '0x5e55', expiry, permissions })
    expect(session.pci).toBe(keccak256('0x5e55'))
    const listed = await sessions.list()
    expect(listed.map((s) => s.pci)).toEqual([session.pci])
    await sessions.revoke(session.pci)
    expect((await sessions.list())[0]?.revokedAt).toEqual(expect.any(Number))

    // The server keeps them under the account the wallet signed for.
    const owner = devAccounts[5]!.address
    const response = await fetch(`${server.baseUrl}/v1/sessions/${encodeURIComponent(`eip155:1:${owner}`)}?projectId=dapp`)
    expect(((await response.json()) as { pcis: unknown[] }).pcis).toHaveLength(1)

    // The dev wallet has no ERC-7715 support: its refusal reaches the dapp.
    expect(await rejection(sessions.grant({ chainId: '0x1', expiry, permissions }))).toMatchObject({ code: 4200 })
  })
})
