import { type Kysely } from 'kysely'
import { openDatabase } from './connect'
import { migrateToLatest } from './migrations'
import { type DatabaseSchema } from './schema'
import { createSmartSessionStore } from './smartSessions'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()

describe.each(engines)('smart session store on $name', ({ freshDatabase }) => {
  let db: Kysely<DatabaseSchema>
  beforeAll(async () => {
    db = openDatabase(await freshDatabase())
    await migrateToLatest(db)
  })
  afterAll(() => db?.destroy())

  const account = 'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const session = (pci: string, projectId = 'shop', createdAt = Date.parse('2030-01-01T00:00:00Z')) => ({
    pci,
    account,
    projectId,
    project: { name: 'Shop', url: 'https://shop.example', iconUrl: null },
    context: '0xbeef',
    permissions: [{ type: 'erc20-token-allowance', data: { token: '0x5FbDB2315678afecb367f032d93F642f64180aa3', allowance: '0x64', nested: { ok: true } } }],
    expiresAt: createdAt + 3_600_000,
    createdAt,
    grantSignature: '0xsig',
  })

  it('stores a session once, lists an account’s sessions of one project newest first, and revokes once', async () => {
    const first = `0x${'01'.repeat(32)}`
    const second = `0x${'02'.repeat(32)}`
    const store = createSmartSessionStore(db)
    expect(await store.insert(session(first))).toBe(true)
    expect(await store.insert(session(first))).toBe(false)
    expect(await store.insert(session(second, 'shop', Date.parse('2030-01-02T00:00:00Z')))).toBe(true)
    expect(await store.insert(session(`0x${'03'.repeat(32)}`, 'quiet'))).toBe(true)

    const listed = await store.list(account, 'shop', { limit: 10 })
    expect(listed.map((s) => s.pci)).toEqual([second, first])
    const page = await store.list(account, 'shop', { limit: 1 })
    expect(page.map((s) => s.pci)).toEqual([second])
    expect((await store.list(account, 'shop', { limit: 10, after: { createdAt: page[0]!.createdAt, pci: second } })).map((s) => s.pci)).toEqual([first])
    const { grantSignature: _signature, ...expected } = session(first)
    const key = { account, projectId: 'shop', pci: first }
    expect(await store.find(key)).toEqual({ ...expected, revokedAt: null })
    expect(await store.find({ ...key, projectId: 'quiet' })).toBeUndefined()

    const at = Date.parse('2030-01-03T00:00:00Z')
    expect(await store.revoke(key, '0xrevoke', at)).toBe(true)
    expect(await store.revoke(key, '0xagain', at + 1000)).toBe(false)
    expect((await store.find(key))?.revokedAt).toBe(at)
    const row = await db.selectFrom('smart_sessions').select('revoke_signature').where('pci', '=', first).executeTakeFirstOrThrow()
    expect(row.revoke_signature).toBe('0xrevoke')
  })
})
