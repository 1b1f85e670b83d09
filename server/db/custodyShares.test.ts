import { type Kysely } from 'kysely'
import { createKeyring, DecryptionFailedError, generateMasterKey } from '../auth/masterKey'
import { setupTestEngines } from '../test/engines'
import { createAuthUserStore, isUniqueViolation } from './authUsers'
import { openDatabase } from './connect'
import { authShareAad, createCustodyShareStore, RECOVERY_HOLDER } from './custodyShares'
import { migrateToLatest } from './migrations'
import { type DatabaseSchema } from './schema'

const engines = setupTestEngines()

describe.each(engines)('custody share store on $name', ({ freshDatabase }) => {
  let db: Kysely<DatabaseSchema>
  beforeAll(async () => {
    db = openDatabase(await freshDatabase())
    await migrateToLatest(db)
  })
  afterAll(() => db?.destroy())

  const keyring = createKeyring(generateMasterKey())
  const t0 = Date.parse('2030-01-01T00:00:00Z')
  const evm = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const share = Uint8Array.from({ length: 33 }, (_, i) => i + 1)
  const newUser = async (email: string) => (await createAuthUserStore(db).insert(db, email, t0))!.id
  const sealed = (userId: string, deviceHash: string, namespace: 'eip155' | 'solana' = 'eip155', address = evm) => ({
    userId,
    deviceHash,
    namespace,
    address,
    encrypted: keyring.encrypt(share, authShareAad({ userId, deviceHash, namespace, address })),
  })

  it('keeps a device’s auth share under the master key, bound to its user, device and wallet', async () => {
    const userId = await newUser('auth-share@example.com')
    const store = createCustodyShareStore(db)
    const put = await store.putAuthShare(sealed(userId, 'device-a'), t0)
    const found = await store.findAuthShare(userId, 'device-a', 'eip155')
    expect(found).toEqual(put)
    expect(found!.encrypted.ciphertext).not.toContain(Buffer.from(share).toString('base64').slice(0, 12))
    expect(new Uint8Array(keyring.decrypt(found!.encrypted, authShareAad(found!)))).toEqual(share)
    // The same ciphertext read as another device's does not decrypt.
    expect(() => keyring.decrypt(found!.encrypted, authShareAad({ ...found!, deviceHash: 'device-b' }))).toThrow(DecryptionFailedError)
    expect(await store.findAuthShare(userId, 'device-b', 'eip155')).toBeUndefined()
    expect(await store.findAuthShare(userId, 'device-a', 'solana')).toBeUndefined()
  })

  it('a new share for the same device replaces the live one; removing a device deletes only its shares, never the recovery holder', async () => {
    const userId = await newUser('devices@example.com')
    const store = createCustodyShareStore(db)
    const old = await store.putAuthShare(sealed(userId, 'device-a'), t0)
    const renewed = await store.putAuthShare(sealed(userId, 'device-a'), t0 + 1000)
    await store.putAuthShare(sealed(userId, 'device-a', 'solana', 'So1anaAddress111111111111111111111111111111'), t0)
    await store.putAuthShare(sealed(userId, 'device-b'), t0)
    expect((await store.findAuthShare(userId, 'device-a', 'eip155'))?.id).toBe(renewed.id)
    const oldRow = await db.selectFrom('custody_auth_shares').select('revoked_at').where('id', '=', old.id).executeTakeFirstOrThrow()
    expect(new Date(oldRow.revoked_at!).getTime()).toBe(t0 + 1000)

    await store.putAuthShare(sealed(userId, RECOVERY_HOLDER), t0)

    // The live shares and the replaced one: no ciphertext of the removed device stays.
    expect(await store.deleteDevice(userId, 'device-a')).toBe(3)
    expect(await store.deleteDevice(userId, 'device-a')).toBe(0)
    expect(await store.findAuthShare(userId, 'device-a', 'eip155')).toBeUndefined()
    expect(await store.findAuthShare(userId, 'device-a', 'solana')).toBeUndefined()
    expect(await db.selectFrom('custody_auth_shares').select('id').where('user_id', '=', userId).where('device_hash', '=', 'device-a').execute()).toEqual([])
    expect(await store.findAuthShare(userId, 'device-b', 'eip155')).toBeDefined()
    expect(await store.findAuthShare(userId, RECOVERY_HOLDER, 'eip155')).toBeDefined()
    await expect(store.deleteDevice(userId, RECOVERY_HOLDER)).rejects.toThrow('The recovery holder is not a device')
    expect(await store.findAuthShare(userId, RECOVERY_HOLDER, 'eip155')).toBeDefined()
  })

  it('the database itself refuses a second live share for one device and wallet', async () => {
    const userId = await newUser('unique@example.com')
    await createCustodyShareStore(db).putAuthShare(sealed(userId, 'device-a'), t0)
    const row = { ...sealed(userId, 'device-a') }
    const insert = db
      .insertInto('custody_auth_shares')
      .values({
        id: 'second-live-row',
        user_id: row.userId,
        device_hash: row.deviceHash,
        namespace: row.namespace,
        address: row.address,
        scheme: row.encrypted.scheme,
        master_key_id: row.encrypted.masterKeyId,
        iv: row.encrypted.iv,
        ciphertext: row.encrypted.ciphertext,
        auth_tag: row.encrypted.authTag,
        created_at: new Date(t0).toISOString(),
        revoked_at: null,
      })
      .execute()
    await expect(insert.catch((error: unknown) => (isUniqueViolation(error) ? 'unique violation' : error))).resolves.toBe('unique violation')
  })

  it('recovery envelopes are versioned per user and wallet; the latest is current and comes back as stored', async () => {
    const userId = await newUser('recovery@example.com')
    const other = await newUser('recovery-other@example.com')
    const store = createCustodyShareStore(db)
    const envelope = (n: number) => ({
      version: 1,
      kdf: { name: 'PBKDF2-SHA-256', iterations: 600_000 + n, salt: 'c2FsdHNhbHRzYWx0c2FsdA==' },
      cipher: 'AES-256-GCM',
      iv: 'aXZpdml2aXZpdml2',
      check: 'Y2hlY2s=',
      ciphertext: `Y2lwaGVy${n}`,
    })
    expect(await store.latestRecoveryShare(userId, 'eip155')).toBeUndefined()
    expect(await store.addRecoveryShare({ userId, namespace: 'eip155', address: evm, envelope: envelope(1) }, t0)).toBe(1)
    expect(await store.addRecoveryShare({ userId, namespace: 'eip155', address: evm, envelope: envelope(2) }, t0 + 1000)).toBe(2)
    expect(await store.addRecoveryShare({ userId: other, namespace: 'eip155', address: evm, envelope: envelope(9) }, t0)).toBe(1)
    expect(await store.latestRecoveryShare(userId, 'eip155')).toEqual({ namespace: 'eip155', address: evm, version: 2, envelope: envelope(2), createdAt: t0 + 1000 })
    expect(await store.latestRecoveryShare(userId, 'solana')).toBeUndefined()
  })

  it('deleting a user deletes their shares', async () => {
    const userId = await newUser('gone@example.com')
    const store = createCustodyShareStore(db)
    await store.putAuthShare(sealed(userId, 'device-a'), t0)
    await store.addRecoveryShare({ userId, namespace: 'eip155', address: evm, envelope: { any: 'thing' } }, t0)
    await db.deleteFrom('auth_users').where('id', '=', userId).execute()
    expect(await store.findAuthShare(userId, 'device-a', 'eip155')).toBeUndefined()
    expect(await store.latestRecoveryShare(userId, 'eip155')).toBeUndefined()
  })
})
