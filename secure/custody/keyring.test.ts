/**
 * The frame's keyring against the real reference server (auth and custody routes on a
 * real SQLite file), over HTTP as the secure page calls it: a new user's keys are made,
 * split and registered; a returning device rebuilds them from its share and the
 * server's; a custodial key is migrated, also after an interruption; a device without a
 * share, or any single share, rebuilds nothing. The device share store is in memory
 * here (IndexedDB is tested in Chromium, deviceShareStore.test.ts).
 */
import { randomUUID } from 'node:crypto'
import { type Hex, verifyMessage } from 'viem'
import { SECURE_ORIGIN, startAuthTestServer, type AuthTestServer } from '../../server/test/authServer'
import { seedCustodialUser } from '../../server/test/custodialUser'
import { tempSqliteFile, type TempSqliteFile } from '../../server/test/sqlite'
import { createHttpSecureApi, type SecureApi } from '../api'
import { createDeviceProver } from '../deviceKey'
import { createCustodyCalls } from './custodyCalls'
import { createMemoryDeviceShareStore } from './deviceShareStore'
import { CustodyErrorCodes } from './errors'
import { createKeyring, type CustodyCalls, type WalletAddresses } from './keyring'
import { openRecoveryShare } from './recoveryEnvelope'
import { rebuildWalletSecret } from './shares'
import { toBase64 } from './bytes'

let server: AuthTestServer
let sqlite: TempSqliteFile
beforeAll(async () => {
  sqlite = tempSqliteFile()
  // More recovery reads than one visitor's hour allows (routeLimits.ts): this file tries many.
  server = await startAuthTestServer({ database: { sqliteFile: sqlite.file }, routeLimits: { recoveryReadsPerIp: { max: 100, windowMs: 3_600_000 } } })
})
afterAll(async () => {
  await server?.close()
  sqlite?.remove()
})

const fromSecureOrigin: typeof fetch = (input, init = {}) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), origin: SECURE_ORIGIN } })

/** Signs in by email code on `deviceId` (approving a new device first); answers the API bound to the session. */
async function signIn(email: string, deviceId = `device-${randomUUID()}`) {
  // Each device has its own device key (DPoP), dated by the server's clock.
  const api: SecureApi = createHttpSecureApi({ baseUrl: server.baseUrl, fetch: fromSecureOrigin, deviceIdOf: () => deviceId, prove: createDeviceProver({ now: () => server.clock.now }) })
  const { action } = await api.startEmailLogin({ projectId: 'shop', email, deviceId }, undefined)
  if (action === 'VERIFY_DEVICE') await api.verifyDevice({ projectId: 'shop', email, deviceId, otp: server.latestCode(email) })
  const login = await api.verifyEmailLogin({ projectId: 'shop', email, deviceId, otp: server.latestCode(email), chainId: 1 })
  const token = login.session.token
  const authed = <T>(run: (token: string) => Promise<T>) => run(token)
  const calls = createCustodyCalls(api, 'shop', authed)
  const addresses = async (): Promise<WalletAddresses> => (await api.getUser(token, { projectId: 'shop', chainId: 1 })).user.addresses ?? {}
  return { calls, addresses, deviceId }
}
const newEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`
const userIdOf = async (email: string) => (await server.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
const signHello = async (keyring: ReturnType<typeof createKeyring>, address: string) => {
  const { signature } = await keyring.sign('personal_sign', { message: '0x68656c6c6f' })
  return verifyMessage({ address: address as Hex, message: 'hello', signature: signature as Hex })
}

/** A new user's wallet made on a first device, whose eip155 recovery password that device sets. */
async function walletWithPasswordRecovery(label: string) {
  const email = newEmail(label)
  const first = await signIn(email)
  const holder = createKeyring({ calls: first.calls, deviceShares: async () => createMemoryDeviceShareStore() })
  await holder.unlock({})
  const { eip155: address } = await first.addresses()
  const password = 'correct horse battery staple'
  await holder.setRecovery('eip155', { password })
  return { email, first, holder, address, password }
}

describe('the frame keyring', () => {
  it('a new user: makes both keys here, keeps the device shares, registers addresses and auth shares, and signs', async () => {
    const email = newEmail('new')
    const session = await signIn(email)
    const device = createMemoryDeviceShareStore()
    const keyring = createKeyring({ calls: session.calls, deviceShares: async () => device })
    expect(await session.addresses()).toEqual({})
    expect(await keyring.unlock({})).toEqual({ registered: true })
    const addresses = await session.addresses()
    expect(addresses).toEqual({ eip155: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), solana: expect.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/) })
    expect(device.shares.size).toBe(2)
    expect(
      await server.db
        .selectFrom('auth_wallet_keys')
        .selectAll()
        .where('user_id', '=', await userIdOf(email))
        .execute(),
    ).toEqual([])
    expect(await signHello(keyring, addresses.eip155!)).toBe(true)

    // Each share alone rebuilds nothing; the two together give the key of the address.
    const deviceShare = await device.load({ namespace: 'eip155', address: addresses.eip155! })
    const authShare = (await session.calls.authShare('eip155'))!.authShare
    for (const alone of [deviceShare!, authShare]) {
      await expect(rebuildWalletSecret({ namespace: 'eip155', address: addresses.eip155! }, [alone])).rejects.toMatchObject({ code: CustodyErrorCodes.notEnoughShares })
    }
    expect(await rebuildWalletSecret({ namespace: 'eip155', address: addresses.eip155! }, [deviceShare!, authShare])).toHaveLength(32)

    // Locked (signed out): the key is gone from memory.
    keyring.lock()
    expect(keyring.has('eip155')).toBe(false)
    await expect(keyring.sign('personal_sign', { message: 'x' })).rejects.toMatchObject({ code: CustodyErrorCodes.noDeviceKey })
  })

  it('a returning device: rebuilds from its share and the server’s, registering and migrating nothing', async () => {
    const email = newEmail('back')
    const first = await signIn(email)
    const device = createMemoryDeviceShareStore()
    await createKeyring({ calls: first.calls, deviceShares: async () => device }).unlock({})
    const addresses = await first.addresses()

    server.clock.advance(30_000) // the resend cooldown per address and device
    const later = await signIn(email, first.deviceId)
    const used: string[] = []
    const watched: CustodyCalls = {
      ...later.calls,
      registerWallets: async (wallets) => void used.push(`register ${wallets.length}`),
      startMigration: async (namespace) => void used.push(`migrate ${namespace}`),
    }
    const keyring = createKeyring({ calls: watched, deviceShares: async () => device })
    expect(await keyring.unlock(addresses)).toEqual({ registered: false })
    expect(used).toEqual([])
    expect(keyring.has('eip155') && keyring.has('solana')).toBe(true)
    expect(await signHello(keyring, addresses.eip155!)).toBe(true)
  })

  it('two unlocks at once for a new user make and register one wallet per namespace', async () => {
    const session = await signIn(newEmail('twice'))
    const device = createMemoryDeviceShareStore()
    const keyring = createKeyring({ calls: session.calls, deviceShares: async () => device })
    const answers = await Promise.all([keyring.unlock({}), keyring.unlock({})])
    expect(answers).toEqual([{ registered: true }, { registered: true }])
    expect(device.shares.size).toBe(2)
    expect(await signHello(keyring, (await session.addresses()).eip155!)).toBe(true)
  })

  it('another device of the user (no device share) rebuilds nothing, asks the server once per session, and says why when asked to sign', async () => {
    const email = newEmail('other')
    const first = await signIn(email)
    await createKeyring({ calls: first.calls, deviceShares: async () => createMemoryDeviceShareStore() }).unlock({})
    const other = await signIn(email)
    const asked: string[] = []
    const counted: CustodyCalls = {
      ...other.calls,
      authShare: async (namespace) => (asked.push(`share ${namespace}`), other.calls.authShare(namespace)),
      startMigration: async (namespace) => (asked.push(`migrate ${namespace}`), other.calls.startMigration(namespace)),
    }
    const keyring = createKeyring({ calls: counted, deviceShares: async () => createMemoryDeviceShareStore() })
    expect(await keyring.unlock(await other.addresses())).toEqual({ registered: false })
    expect(await keyring.unlock(await other.addresses())).toEqual({ registered: false })
    // No device share here, so no auth share is asked for; the migration finds no full key. Once.
    expect(asked).toEqual(['migrate eip155', 'migrate solana'])
    expect(keyring.has('eip155')).toBe(false)
    await expect(keyring.sign('personal_sign', { message: 'x' })).rejects.toMatchObject({ code: CustodyErrorCodes.noDeviceKey })
  })

  it("recovery by password: the device holding the key sets it; a new device opens it with the password and the server's part, then holds its own share", async () => {
    const { email, address, password } = await walletWithPasswordRecovery('recover')

    const other = await signIn(email)
    const device = createMemoryDeviceShareStore()
    const keyring = createKeyring({ calls: other.calls, deviceShares: async () => device })
    await keyring.unlock(await other.addresses())
    expect(keyring.has('eip155')).toBe(false)
    await expect(keyring.recover('solana', { password })).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryNotSet, message: 'No recovery is set for this wallet' })
    await expect(keyring.recover('eip155', { password: 'not the password' })).rejects.toMatchObject({ code: CustodyErrorCodes.wrongRecoverySecret })
    await keyring.recover('eip155', { password })
    expect(await signHello(keyring, address!)).toBe(true)

    // The next session on the new device rebuilds from its own device share and auth share.
    const later = createKeyring({ calls: other.calls, deviceShares: async () => device })
    await later.unlock(await other.addresses())
    expect(await signHello(later, address!)).toBe(true)
  })

  it('recovery by passkey, and changing the factor (password → passkey → password): each change makes the previous envelope useless', async () => {
    const { email, first, holder, address, password } = await walletWithPasswordRecovery('factor')
    const passwordEnvelope = (await first.calls.recovery('eip155'))!.envelope

    // What the passkey's PRF would answer for this credential and salt.
    const prfOutput = crypto.getRandomValues(new Uint8Array(32))
    const passkey = { credentialId: 'cred-1', prfSalt: toBase64(crypto.getRandomValues(new Uint8Array(32))) }
    await holder.setRecovery('eip155', { prfOutput: Uint8Array.from(prfOutput), passkey })
    const passkeyEnvelope = (await first.calls.recovery('eip155'))!.envelope
    expect(passkeyEnvelope).toMatchObject({ kdf: { name: 'HKDF-SHA-256', passkey } })

    const other = await signIn(email)
    let reads = 0
    const counted: CustodyCalls = { ...other.calls, recovery: async (namespace) => (reads++, other.calls.recovery(namespace)) }
    const device = createMemoryDeviceShareStore()
    const keyring = createKeyring({ calls: counted, deviceShares: async () => device })
    await keyring.unlock(await other.addresses())
    expect(await keyring.recoveryMethod('eip155')).toBe('passkey')
    // The old password opens nothing now; a wrong passkey and a cancelled ceremony fail, each after a counted read.
    await expect(keyring.recover('eip155', { password })).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryUnsupported })
    await expect(keyring.recover('eip155', { passkey: async () => crypto.getRandomValues(new Uint8Array(32)) })).rejects.toMatchObject({ code: CustodyErrorCodes.wrongRecoverySecret })
    const cancelled = Object.assign(new Error('cancelled'), { name: 'NotAllowedError' })
    await expect(keyring.recover('eip155', { passkey: async () => Promise.reject(cancelled) })).rejects.toBe(cancelled)
    expect(reads).toBe(4)
    const asked: unknown[] = []
    await keyring.recover('eip155', { passkey: async (named) => (asked.push(named), Uint8Array.from(prfOutput)) })
    expect(asked).toEqual([passkey])
    expect(await signHello(keyring, address!)).toBe(true)

    // The old password envelope still opens with the old password, but its share and the server's current part rebuild nothing.
    const current = (await other.calls.recovery('eip155'))!
    const oldShare = await openRecoveryShare(passwordEnvelope, { password }, address!)
    await expect(rebuildWalletSecret({ namespace: 'eip155', address: address! }, [oldShare, current.authShare])).rejects.toMatchObject({ code: CustodyErrorCodes.shareMismatch })

    // Back to a password, from the recovered device: the passkey envelope is useless in turn.
    await keyring.setRecovery('eip155', { password: 'a brand new recovery password' })
    const third = await signIn(email)
    const fresh = createKeyring({ calls: third.calls, deviceShares: async () => createMemoryDeviceShareStore() })
    await fresh.unlock(await third.addresses())
    expect(await fresh.recoveryMethod('eip155')).toBe('password')
    await expect(fresh.recover('eip155', { passkey: async () => Uint8Array.from(prfOutput) })).rejects.toMatchObject({ code: CustodyErrorCodes.recoveryUnsupported })
    const latest = (await third.calls.recovery('eip155'))!
    const oldPasskeyShare = await openRecoveryShare(passkeyEnvelope, { prfOutput }, address!)
    await expect(rebuildWalletSecret({ namespace: 'eip155', address: address! }, [oldPasskeyShare, latest.authShare])).rejects.toMatchObject({ code: CustodyErrorCodes.shareMismatch })
    await fresh.recover('eip155', { password: 'a brand new recovery password' })
    expect(await signHello(fresh, address!)).toBe(true)
  })

  it('says what to ask after login: a recovery to set for wallets made here (until one is set, also on the next login), the password on a device without a share', async () => {
    const email = newEmail('needs')
    const first = await signIn(email)
    const device = createMemoryDeviceShareStore()
    const holder = createKeyring({ calls: first.calls, deviceShares: async () => device })
    await holder.unlock({})
    expect(holder.recoveryNeeds()).toEqual({ setUp: ['eip155', 'solana'], missing: [] })
    const addresses = await first.addresses()

    // Postponed: the next login on this device still has none set.
    const again = createKeyring({ calls: first.calls, deviceShares: async () => device })
    await again.unlock(addresses)
    expect(again.recoveryNeeds()).toEqual({ setUp: ['eip155', 'solana'], missing: [] })
    await again.setRecovery('eip155', { password: 'correct horse battery staple' })
    expect(again.recoveryNeeds()).toEqual({ setUp: ['solana'], missing: [] })
    await again.setRecovery('solana', { password: 'correct horse battery staple' })
    const third = createKeyring({ calls: first.calls, deviceShares: async () => device })
    await third.unlock(addresses)
    expect(third.recoveryNeeds()).toEqual({ setUp: [], missing: [] })

    // A new device: nothing held, both wallets missing, and the server has a recovery for each.
    const other = await signIn(email)
    const fresh = createKeyring({ calls: other.calls, deviceShares: async () => createMemoryDeviceShareStore() })
    await fresh.unlock(addresses)
    expect(fresh.recoveryNeeds()).toEqual({ setUp: [], missing: ['eip155', 'solana'] })
    expect(await fresh.recoveryMethod('eip155')).toBe('password')
    await fresh.recover('eip155', { password: 'correct horse battery staple' })
    expect(fresh.recoveryNeeds()).toEqual({ setUp: [], missing: ['solana'] })
    fresh.lock()
    expect(fresh.recoveryNeeds()).toEqual({ setUp: [], missing: [] })
  })

  it('a custodial user: the released key is split here, the server deletes the full key, and an interrupted migration resumes', async () => {
    const email = newEmail('custodial')
    const seeded = await seedCustodialUser(server.db, server.keyring, email, server.clock.now)
    const session = await signIn(email)
    const addresses = await session.addresses()
    const device = createMemoryDeviceShareStore()

    // Cut off before the server heard `finish`: the device share is stored, the server still holds the key.
    const cut: CustodyCalls = { ...session.calls, finishMigration: async () => Promise.reject(new Error('the network went away')) }
    await expect(createKeyring({ calls: cut, deviceShares: async () => device }).unlock(addresses)).rejects.toThrow('the network went away')
    expect((await server.db.selectFrom('auth_wallet_keys').select('namespace').where('user_id', '=', seeded.userId).orderBy('namespace').execute()).map((row) => row.namespace)).toEqual([
      'eip155',
      'solana',
    ])

    // The next login migrates again (no auth share yet), replacing the stale device share.
    const keyring = createKeyring({ calls: session.calls, deviceShares: async () => device })
    expect(await keyring.unlock(addresses)).toEqual({ registered: false })
    expect(await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', seeded.userId).execute()).toEqual([])
    expect(await signHello(keyring, seeded.keys.eip155.address)).toBe(true)

    // And after that the device rebuilds from the shares alone.
    const again = createKeyring({ calls: session.calls, deviceShares: async () => device })
    await again.unlock(addresses)
    expect(await signHello(again, seeded.keys.eip155.address)).toBe(true)
    const { signature } = await again.sign('solana_signMessage', { message: Buffer.from('hi').toString('base64') })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
  })
})
