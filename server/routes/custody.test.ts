/**
 * The self-custody routes over real HTTP on a real SQLite file and a real PostgreSQL:
 * a new user gets no server key and registers the wallet the frame made; a device
 * fetches only its own auth share; a custodial user's key is released, split and then
 * deleted, step by step with an interruption after each; and what the database keeps,
 * read with the master key, rebuilds no key.
 */
import { randomUUID } from 'node:crypto'
import { combine } from 'shamir-secret-sharing'
import { hashDeviceId } from '../auth/sessionToken'
import { authShareAad } from '../db/custodyShares'
import { type WalletNamespace } from '../db/schema'
import { CUSTODY_PATHS } from '../../src/shared/custodyApi'
import { type AuthTestServer, startAuthTestServer } from '../test/authServer'
import { seedCustodialUser } from '../test/custodialUser'
import { frameWallet, toBase64, walletAddressOf } from '../test/frameWallet'
import { setupTestEngines } from '../test/engines'
import { type DeviceSession, loginOnDevice } from '../test/deviceLogin'
import { openRecoveryShare, sealRecoveryShare, type RecoveryEnvelope, type RecoverySealSecret, type RecoverySecret } from '../../secure/custody/recoveryEnvelope'

const engines = setupTestEngines()

const b64 = toBase64
const fromB64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'))
const addressOf = walletAddressOf

describe.each(engines)('self-custody routes on $name', ({ freshDatabase }) => {
  let server: AuthTestServer
  beforeAll(async () => {
    server = await startAuthTestServer({ database: await freshDatabase(), trustProxy: ['loopback'] })
  })
  afterAll(async () => server?.close())

  let ipCounter = 0
  const newIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`

  /** Signs in (approving a new device of a known user first); answers the session and what login said. */
  const login = (email: string, deviceId = randomUUID()) => loginOnDevice(server, email, { ip: newIp(), deviceId })
  type Session = DeviceSession
  const authShareOf = (session: Session, namespace: WalletNamespace) => session.get(`${CUSTODY_PATHS.authShare}?namespace=${namespace}`)
  const register = (session: Session, ...wallets: Array<Awaited<ReturnType<typeof frameWallet>>>) =>
    session.post(CUSTODY_PATHS.wallets, { wallets: wallets.map(({ namespace, address, auth }) => ({ namespace, address, authShare: b64(auth) })) })

  it('a new user gets no server-made key: no address until the frame registers the wallet it made', async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`
    const session = await login(email)
    expect(session.user).toMatchObject({ email, accounts: [], addresses: {} })
    expect(session.user.address).toBeUndefined()
    expect((await authShareOf(session, 'eip155')).body).toMatchObject({ code: 'AUTH_SHARE_NOT_FOUND' })
    expect((await session.post(CUSTODY_PATHS.migrationStart, { namespace: 'eip155' })).body).toMatchObject({ code: 'NOT_CUSTODIAL' })
    const userId = (await server.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
    expect(await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', userId).execute()).toEqual([])

    const evm = await frameWallet('eip155')
    const sol = await frameWallet('solana')
    const registered = await register(session, evm, sol)
    expect(registered.status).toBe(200)
    expect(registered.body).toEqual({ addresses: { eip155: evm.address, solana: sol.address } })
    expect((await session.get('/auth/v1/me')).body).toMatchObject({ user: { address: evm.address, addresses: { eip155: evm.address, solana: sol.address } } })
    expect((await session.get('/auth/v1/me?chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).body).toMatchObject({ user: { address: sol.address } })

    // The device gets its own auth share back; with the device share it rebuilds the key.
    for (const wallet of [evm, sol]) {
      const answer = (await authShareOf(session, wallet.namespace)).body as { address: string; authShare: string }
      expect(answer.address).toBe(wallet.address)
      expect(await combine([wallet.device, fromB64(answer.authShare)])).toEqual(wallet.key)
    }

    // A second wallet in a namespace is refused, and the first is kept.
    const again = await register(session, await frameWallet('eip155'))
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'WALLET_EXISTS', message: 'This user already has a eip155 wallet' })
    expect((await session.get('/auth/v1/me')).body).toMatchObject({ user: { address: evm.address } })

    // Another device of the same user has no share: it cannot rebuild the key with the server's help.
    const other = await login(email)
    expect(other.user).toMatchObject({ address: evm.address })
    const refused = await authShareOf(other, 'eip155')
    expect(refused.status).toBe(404)
    expect(refused.body).toMatchObject({ code: 'AUTH_SHARE_NOT_FOUND', message: 'This device holds no share of the eip155 wallet' })
  })

  it('refuses a malformed address, share or namespace before storing anything', async () => {
    const session = await login(`bad.${randomUUID().slice(0, 8)}@example.com`)
    const evm = await frameWallet('eip155')
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ namespace: 'eip155', address: evm.address.toLowerCase().replace('0x', '0X'), authShare: b64(evm.auth) }, 'address must be a checksummed 0x address'],
      [{ namespace: 'solana', address: evm.address, authShare: b64(evm.auth) }, 'address must be a base58 ed25519 public key (32 bytes)'],
      [{ namespace: 'eip155', address: evm.address, authShare: b64(evm.auth.slice(1)) }, 'authShare must be 33 bytes, base64'],
    ]
    for (const [wallet, message] of cases) {
      const response = await session.post(CUSTODY_PATHS.wallets, { wallets: [wallet] })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: 'INVALID_PAYLOAD', message })
    }
    const twice = await session.post(CUSTODY_PATHS.wallets, { wallets: [1, 2].map(() => ({ namespace: 'eip155', address: evm.address, authShare: b64(evm.auth) })) })
    expect(twice.body).toMatchObject({ code: 'INVALID_PAYLOAD', message: 'wallets must name each namespace at most once' })
    expect((await session.post(CUSTODY_PATHS.wallets, { wallets: [{ namespace: 'bitcoin', address: 'x', authShare: b64(evm.auth) }] })).status).toBe(400)
    expect((await session.get('/auth/v1/me')).body).toMatchObject({ user: { addresses: {} } })
  })

  it('needs the session on its own device, like every authenticated route', async () => {
    const session = await login(`who.${randomUUID().slice(0, 8)}@example.com`)
    const evm = await frameWallet('eip155')
    const body = { wallets: [{ namespace: 'eip155', address: evm.address, authShare: b64(evm.auth) }] }
    expect((await server.post(`${CUSTODY_PATHS.wallets}?projectId=shop`, body)).status).toBe(401)
    expect((await server.get(`${CUSTODY_PATHS.authShare}?namespace=eip155&projectId=shop`)).status).toBe(401)
    // The token with another device's id: refused, as on every authenticated route.
    const wrongDevice = await server.post(`${CUSTODY_PATHS.migrationStart}?projectId=shop`, { namespace: 'eip155' }, { authorization: `Bearer ${session.token}`, 'x-portico-device': randomUUID() })
    expect(wrongDevice.body).toMatchObject({ code: 'DEVICE_MISMATCH' })
  })

  it('migrates a custodial user step by step; an interruption after any step resumes, and the full key ends deleted', async () => {
    const email = `custodial.${randomUUID().slice(0, 8)}@example.com`
    const seeded = await seedCustodialUser(server.db, server.keyring, email, server.clock.now)
    const session = await login(email)
    expect(session.user).toMatchObject({ address: seeded.keys.eip155.address })
    const fullKeys = () => server.db.selectFrom('auth_wallet_keys').select('namespace').where('user_id', '=', seeded.userId).orderBy('namespace').execute()

    const evmStart = async () => {
      const started = await session.post(CUSTODY_PATHS.migrationStart, { namespace: 'eip155' })
      expect(started.status).toBe(200)
      const { address, secret } = started.body as { address: string; secret: string }
      expect(address).toBe(seeded.keys.eip155.address)
      expect(fromB64(secret)).toEqual(seeded.keys.eip155.secret)
      return frameWallet('eip155', fromB64(secret))
    }
    // Step 1, released, then cut off: nothing changed, so the next login starts again.
    await evmStart()
    expect(await fullKeys()).toEqual([{ namespace: 'eip155' }, { namespace: 'solana' }])
    // Step 2, split and a finish that fails (another wallet's address): still nothing changed.
    const wallet = await evmStart()
    const finish = (authShare: Uint8Array, address = wallet.address) => session.post(CUSTODY_PATHS.migrationFinish, { namespace: 'eip155', address, authShare: b64(authShare) })
    const wrong = await finish(wallet.auth, (await frameWallet('eip155')).address)
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ code: 'INVALID_PAYLOAD', message: `address must be this wallet's address (${wallet.address})` })
    expect(await fullKeys()).toEqual([{ namespace: 'eip155' }, { namespace: 'solana' }])
    expect((await authShareOf(session, 'eip155')).body).toMatchObject({ code: 'AUTH_SHARE_NOT_FOUND' })
    // Step 3, finished: the full key is gone, the share is served, the address unchanged.
    expect((await finish(wallet.auth)).body).toEqual({ namespace: 'eip155', address: wallet.address })
    expect(await fullKeys()).toEqual([{ namespace: 'solana' }])
    const served = (await authShareOf(session, 'eip155')).body as { authShare: string }
    expect(await combine([wallet.device, fromB64(served.authShare)])).toEqual(seeded.keys.eip155.secret)
    expect((await session.get('/auth/v1/me')).body).toMatchObject({ user: { address: wallet.address, addresses: { eip155: wallet.address, solana: seeded.keys.solana.address } } })
    // Its answer lost: the same finish again is a no-op; another split is refused; the key is not released again.
    expect((await finish(wallet.auth)).status).toBe(200)
    const other = await frameWallet('eip155', seeded.keys.eip155.secret)
    expect((await finish(other.auth)).body).toMatchObject({ code: 'ALREADY_MIGRATED' })
    expect((await session.post(CUSTODY_PATHS.migrationStart, { namespace: 'eip155' })).body).toMatchObject({ code: 'NOT_CUSTODIAL' })
    // A wallet registered over a custodial one is refused (the solana key is still custodial).
    expect((await register(session, await frameWallet('solana'))).body).toMatchObject({ code: 'WALLET_EXISTS' })
  })

  it("recovery: a device holding a share seals it; a new device gets the envelope and the server's part, rebuilds, and then holds its own share; a new recovery makes the old one useless", async () => {
    const email = `recover.${randomUUID().slice(0, 8)}@example.com`
    const first = await login(email)
    const evm = await frameWallet('eip155')
    expect((await register(first, evm)).status).toBe(200)
    const recovery = (session: Session) => session.get(`${CUSTODY_PATHS.recovery}?namespace=eip155`)
    const newDevice = await login(email)
    expect((await recovery(newDevice)).body).toMatchObject({ code: 'RECOVERY_NOT_SET', message: 'No recovery is set for the eip155 wallet' })
    // The device's auth share says whether a recovery is set, so the frame knows to offer one without reading the envelope.
    expect((await authShareOf(first, 'eip155')).body).toMatchObject({ address: evm.address, recoverySet: false })

    // Only a device that holds a share of the wallet sets its recovery (a new split of the same key).
    const sealed = await frameWallet('eip155', evm.key)
    const envelope = { version: 1, sealed: b64(sealed.recovery) }
    const setRecovery = (session: Session, split: typeof sealed, sent: Record<string, unknown>) =>
      session.post(CUSTODY_PATHS.recovery, { namespace: 'eip155', address: split.address, authShare: b64(split.auth), envelope: sent })
    expect((await setRecovery(newDevice, sealed, envelope)).body).toMatchObject({ code: 'AUTH_SHARE_NOT_FOUND' })
    expect((await setRecovery(first, sealed, { padding: 'x'.repeat(5000) })).body).toMatchObject({ code: 'INVALID_PAYLOAD', message: 'recoveryEnvelope is longer than 4096 bytes' })
    expect((await setRecovery(first, sealed, envelope)).body).toEqual({ namespace: 'eip155', address: evm.address, version: 1 })
    expect((await authShareOf(first, 'eip155')).body).toMatchObject({ address: evm.address, recoverySet: true })

    // The new device: the envelope and the server's part of the same split rebuild the key (the frame opens the envelope).
    const answer = (await recovery(newDevice)).body as { address: string; version: number; envelope: typeof envelope; authShare: string }
    expect(answer).toMatchObject({ namespace: 'eip155', address: evm.address, version: 1, envelope })
    const rebuilt = await combine([fromB64(answer.envelope.sealed), fromB64(answer.authShare)])
    expect(addressOf('eip155', rebuilt)).toBe(evm.address)
    // It splits again for itself and registers its own auth share; the first device keeps its own.
    const own = await frameWallet('eip155', rebuilt)
    const wrong = await newDevice.post(CUSTODY_PATHS.recoveredDevice, { namespace: 'eip155', address: (await frameWallet('eip155')).address, authShare: b64(own.auth) })
    expect(wrong.body).toMatchObject({ code: 'INVALID_PAYLOAD', message: `address must be this wallet's address (${evm.address})` })
    expect((await newDevice.post(CUSTODY_PATHS.recoveredDevice, { namespace: 'eip155', address: own.address, authShare: b64(own.auth) })).body).toEqual({ namespace: 'eip155', address: evm.address })
    expect(((await authShareOf(newDevice, 'eip155')).body as { authShare: string }).authShare).toBe(b64(own.auth))
    expect(((await authShareOf(first, 'eip155')).body as { authShare: string }).authShare).toBe(b64(evm.auth))

    // A new recovery (a changed password) replaces the server's part: the old envelope no longer rebuilds the key.
    const changed = await frameWallet('eip155', evm.key)
    expect((await setRecovery(newDevice, changed, { version: 1, sealed: b64(changed.recovery) })).body).toMatchObject({ version: 2 })
    const latest = (await recovery(first)).body as { version: number; authShare: string }
    expect(latest.version).toBe(2)
    expect(addressOf('eip155', await combine([changed.recovery, fromB64(latest.authShare)]))).toBe(evm.address)
    expect(addressOf('eip155', await combine([sealed.recovery, fromB64(latest.authShare)]))).not.toBe(evm.address)
  })

  it('changing the recovery factor, password → passkey → password: the server keeps the passkey envelope as sealed (a long credential id fits), and each change leaves the previous envelope useless', async () => {
    const email = `factor.${randomUUID().slice(0, 8)}@example.com`
    const device = await login(email)
    const evm = await frameWallet('eip155')
    expect((await register(device, evm)).status).toBe(200)
    const password = 'correct horse battery staple'
    const prfOutput = crypto.getRandomValues(new Uint8Array(32))
    // WebAuthn allows credential ids up to 1023 bytes: 1364 characters of base64url.
    const passkey = { credentialId: 'c'.repeat(1364), prfSalt: b64(crypto.getRandomValues(new Uint8Array(32))) }
    const factors: Array<{ seal: RecoverySealSecret; open: RecoverySecret }> = [
      { seal: { password }, open: { password } },
      { seal: { prfOutput, passkey }, open: { prfOutput } },
      { seal: { password: 'a new recovery password' }, open: { password: 'a new recovery password' } },
    ]
    const previous: Array<{ envelope: RecoveryEnvelope; open: RecoverySecret }> = []
    for (const [index, factor] of factors.entries()) {
      const split = await frameWallet('eip155', evm.key)
      const envelope = await sealRecoveryShare(split.recovery, factor.seal, evm.address)
      const set = await device.post(CUSTODY_PATHS.recovery, { namespace: 'eip155', address: evm.address, authShare: b64(split.auth), envelope })
      expect(set.body).toEqual({ namespace: 'eip155', address: evm.address, version: index + 1 })
      const stored = (await device.get(`${CUSTODY_PATHS.recovery}?namespace=eip155`)).body as { envelope: RecoveryEnvelope; authShare: string }
      expect(stored.envelope).toEqual(JSON.parse(JSON.stringify(envelope)))
      const current = fromB64(stored.authShare)
      expect(addressOf('eip155', await combine([await openRecoveryShare(stored.envelope, factor.open, evm.address), current]))).toBe(evm.address)
      for (const old of previous) {
        expect(addressOf('eip155', await combine([await openRecoveryShare(old.envelope, old.open, evm.address), current]))).not.toBe(evm.address)
      }
      previous.push({ envelope, open: factor.open })
    }
  })

  it('a database dump with the master key rebuilds no key: every decrypted value and every pair of shares is tried', async () => {
    const email = `dump.${randomUUID().slice(0, 8)}@example.com`
    const seeded = await seedCustodialUser(server.db, server.keyring, email, server.clock.now)
    const first = await login(email)
    const wallets = []
    for (const namespace of ['eip155', 'solana'] as const) {
      const { secret } = (await first.post(CUSTODY_PATHS.migrationStart, { namespace })).body as { secret: string }
      const wallet = await frameWallet(namespace, fromB64(secret))
      expect((await first.post(CUSTODY_PATHS.migrationFinish, { namespace, address: wallet.address, authShare: b64(wallet.auth) })).status).toBe(200)
      wallets.push(wallet)
    }
    // A second device of the same user, split again on its own (as recovery would): its auth share is from another split.
    const second = await login(email)
    const resplit = await frameWallet('eip155', seeded.keys.eip155.secret)
    await server.db.deleteFrom('custody_wallets').where('user_id', '=', seeded.userId).where('namespace', '=', 'eip155').execute()
    expect((await register(second, resplit)).status).toBe(200)

    // The attacker's view: every table of the user, every encrypted column opened with the master key.
    expect(await server.db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', seeded.userId).execute()).toEqual([])
    const rows = await server.db.selectFrom('custody_auth_shares').selectAll().where('user_id', '=', seeded.userId).execute()
    expect(rows.length).toBeGreaterThanOrEqual(3)
    const opened = rows.map(
      (row) =>
        new Uint8Array(
          server.keyring.decrypt(
            { scheme: row.scheme, masterKeyId: row.master_key_id, iv: row.iv, ciphertext: row.ciphertext, authTag: row.auth_tag } as never,
            authShareAad({ userId: row.user_id, deviceHash: row.device_hash, namespace: row.namespace, address: row.address }),
          ),
        ),
    )
    const targets = [seeded.keys.eip155.address, seeded.keys.solana.address]
    const gives = (secret: Uint8Array) => (['eip155', 'solana'] as const).some((namespace) => targets.includes(addressOf(namespace, secret)))
    let tried = 0
    for (const value of opened) {
      expect(gives(value.slice(0, 32)) || gives(value.slice(1))).toBe(false)
      for (const other of opened) {
        if (other === value) continue
        tried++
        expect(gives(await combine([value, other]).catch(() => new Uint8Array()))).toBe(false)
      }
    }
    expect(tried).toBeGreaterThan(0)
    // The device share is what the dump lacks: with the first device's, the same attack rebuilds the key.
    const firstEvm = opened[rows.findIndex((row) => row.namespace === 'eip155' && row.device_hash === hashDeviceId(first.deviceId) && row.revoked_at === null)]!
    expect(gives(await combine([wallets[0]!.device, firstEvm]))).toBe(true)
  })
})
