import { type Kysely } from 'kysely'
import { openDatabase } from './connect'
import { migrateToLatest } from './migrations'
import { type DatabaseSchema } from './schema'
import { createSmartSessionStore, smartSessionsMigration, smartSessionsScopedMigration } from './smartSessions'
import { setupTestEngines } from '../test/engines'

const engines = setupTestEngines()

describe.each(engines)('smart session store on $name', ({ freshDatabase, engine }) => {
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

  it('keeps the sessions recorded before the pci became unique per (project, account)', async () => {
    const old = openDatabase(await freshDatabase())
    try {
      await smartSessionsMigration(engine).up(old as Kysely<unknown>)
      const pci = `0x${'0a'.repeat(32)}`
      const row = session(pci)
      await old
        .insertInto('smart_sessions')
        .values({
          pci,
          account,
          project_id: 'shop',
          project_name: 'Shop',
          project_url: 'https://shop.example',
          project_icon_url: null,
          context: row.context,
          permissions: JSON.stringify(row.permissions),
          expires_at: new Date(row.expiresAt).toISOString(),
          grant_signature: row.grantSignature,
          created_at: new Date(row.createdAt).toISOString(),
          revoked_at: null,
          revoke_signature: null,
        })
        .execute()
      await smartSessionsScopedMigration(engine).up(old as Kysely<unknown>)
      const store = createSmartSessionStore(old)
      const { grantSignature: _signature, ...expected } = session(pci)
      expect(await store.find({ account, projectId: 'shop', pci })).toEqual({ ...expected, revokedAt: null })
      // Another account may now hold the same pci.
      expect(await store.insert({ ...session(pci), account: 'eip155:1:0x0000000000000000000000000000000000000001' })).toBe(true)
    } finally {
      await old.destroy()
    }
  })
})
