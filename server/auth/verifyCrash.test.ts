/**
 * Verifying a code is atomic (issue 33): a crash between any two statements of a verify
 * leaves the code usable, so the visitor's next try signs in, with no new code, no 30 s
 * resend wait and no new-device check. The crash is a throw injected before the k-th
 * statement the verify sends to the database, for every k: what the process would have
 * done next never happens, and the database discards the unfinished transaction, as it
 * does when the process is killed.
 */
import { type Kysely, type KyselyPlugin } from 'kysely'
import { openDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrations'
import { type DatabaseSchema } from '../db/schema'
import { createProjectRegistry } from '../projects'
import { brokenAuthRows } from '../test/authRowChecks'
import { setupTestEngines } from '../test/engines'
import { TEST_PROJECTS } from '../test/projects'
import { createMailbox } from './mailer'
import { AuthError } from './errors'
import { createKeyring, generateMasterKey } from './masterKey'
import { type AuthService, createAuthService } from './service'

const engines = setupTestEngines()
/** A proven device key (its thumbprint), as loginContext gives a verify. */
const context = { ip: '203.0.113.9', userAgent: 'crash-test', deviceKey: 'crash-test-device-key-thumbprint' }
/** Many codes to one address from one client (and cut verifies, which count as failures), so every statement can be cut in turn. */
const GENEROUS = {
  codesPerEmailAndIp: { max: 1_000, windowMs: 3_600_000 },
  codesPerEmail: { max: 1_000, windowMs: 3_600_000, escalate: false },
  codesPerIp: { max: 1_000, windowMs: 900_000 },
  failedCodesPerIp: { max: 1_000, windowMs: 900_000 },
}

/** Throws before the `at`-th statement sent while armed; counts statements otherwise. */
function crashPlugin() {
  const state = { armed: false, at: 0, seen: 0 }
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (state.armed && ++state.seen === state.at) throw new Error(`injected crash before statement ${state.at}`)
      return args.node
    },
    transformResult: async (args) => args.result,
  }
  return { plugin, state }
}

describe.each(engines)('a verify cut short on $name', ({ freshDatabase }) => {
  let db: Kysely<DatabaseSchema>
  let auth: AuthService
  const mailbox = createMailbox()
  const crash = crashPlugin()
  let visitors = 0

  beforeAll(async () => {
    db = openDatabase(await freshDatabase())
    await migrateToLatest(db)
    auth = createAuthService({ db: db.withPlugin(crash.plugin), projects: createProjectRegistry(TEST_PROJECTS), keyring: createKeyring(generateMasterKey()), mailer: mailbox, limits: GENEROUS })
  }, 60_000)
  afterAll(() => db?.destroy())

  /** Runs `step` crashing before its `at`-th statement (0: no crash); returns how many statements it sent. */
  const withCrashAt = async <T>(at: number, step: () => Promise<T>): Promise<{ result?: T; error?: unknown; statements: number }> => {
    Object.assign(crash.state, { armed: true, at, seen: 0 })
    try {
      return { result: await step(), statements: crash.state.seen }
    } catch (error) {
      return { error, statements: crash.state.seen }
    } finally {
      crash.state.armed = false
    }
  }
  const codeFor = (email: string) => mailbox.latest(email)!.meta.code
  const sessionsOf = async (who: { email: string }) =>
    (await db.selectFrom('auth_sessions').innerJoin('auth_users', 'auth_users.id', 'auth_sessions.user_id').select('auth_sessions.id').where('auth_users.email', '=', who.email).execute()).length

  const newVisitor = async () => {
    const email = `crash-${++visitors}@shop.example`
    const deviceId = `device-${visitors}-${'x'.repeat(22)}`
    expect(await auth.startEmailLogin({ projectId: 'shop', email, deviceId }, context)).toEqual({ action: 'VERIFY_OTP' })
    return { projectId: 'shop', email, deviceId }
  }

  /**
   * Counts the statements `step` sends for one prepared visitor, then, for each k, cuts
   * it before its k-th statement for a new visitor and checks what `recover` finds.
   */
  const cutBeforeEachStatement = async <W>(prepare: () => Promise<W>, step: (who: W) => Promise<unknown>, recover: (who: W) => Promise<void>, atLeast: number) => {
    const probe = await prepare()
    const statements = (await withCrashAt(0, () => step(probe))).statements
    expect(statements).toBeGreaterThanOrEqual(atLeast)
    for (let at = 1; at <= statements; at++) {
      const who = await prepare()
      const cut = await withCrashAt(at, () => step(who))
      expect(cut.error).toEqual(new Error(`injected crash before statement ${at}`))
      await recover(who)
      expect(await brokenAuthRows(db)).toEqual([])
    }
  }

  it('a first sign-in (user, wallet keys, device, session) crashed before any of its statements signs in with the same code afterwards', async () => {
    const prepare = async () => {
      const who = await newVisitor()
      return { ...who, otp: codeFor(who.email) }
    }
    await cutBeforeEachStatement(
      prepare,
      (who) => auth.verifyEmailLogin(who, context),
      async (who) => {
        // Cut before the commit: the code still works. Cut after it (the answer lost on its
        // way): the session is complete, and the code is spent on it.
        const again = await auth.verifyEmailLogin(who, context).catch((error: AuthError) => error)
        if (again instanceof AuthError) {
          expect(again.code).toBe('OTP_NOT_FOUND')
          expect(await sessionsOf(who)).toBe(1)
        } else {
          expect(again.user.email).toBe(who.email)
          expect(await auth.isConnected(again.session.token)).toBe(true)
        }
      },
      6,
    )
  })

  it("a new device's approval crashed before any of its statements is approved with the same code afterwards, then signs in", async () => {
    const owner = await newVisitor()
    await auth.verifyEmailLogin({ ...owner, otp: codeFor(owner.email) }, context)
    let deviceNumber = 0
    const prepare = async () => {
      const who = { ...owner, deviceId: `other-${++deviceNumber}-${'y'.repeat(22)}` }
      expect(await auth.startEmailLogin(who, context)).toEqual({ action: 'VERIFY_DEVICE' })
      return { ...who, otp: codeFor(owner.email) }
    }
    await cutBeforeEachStatement(
      prepare,
      (who) => auth.verifyDevice(who, context),
      async (who) => {
        // Cut before the commit: the code still works. Cut after it (while mailing the
        // sign-in code): the device is approved, so signing in asks for a sign-in code only.
        const retried = await auth.verifyDevice(who, context).catch((error: AuthError) => error)
        if (retried instanceof AuthError) {
          expect(retried.code).toBe('OTP_NOT_FOUND')
          expect(await auth.startEmailLogin(who, context)).toEqual({ action: 'VERIFY_OTP' })
        } else {
          expect(retried).toEqual({ action: 'VERIFY_OTP' })
        }
        const signedIn = await auth.verifyEmailLogin({ ...who, otp: codeFor(owner.email) }, context)
        expect(await auth.isConnected(signedIn.session.token)).toBe(true)
      },
      4,
    )
  })
})
