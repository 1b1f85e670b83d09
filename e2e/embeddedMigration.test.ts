import path from 'node:path'
import type { Page } from 'playwright-core'
import { createPublicClient, http, type Address } from 'viem'
import { loadOrCreateDevMasterKey, createKeyring } from '../server/auth/masterKey'
import { openDatabase } from '../server/db/connect'
import { seedCustodialUser, type CustodialUser } from '../server/test/custodialUser'
import { setupStackAndBrowser, watchPageErrors } from './browser'
import { loginOnNewDevice, postponeRecovery, readState, secureFrame } from './pageState'

// A visitor whose wallet the server made before self-custody (issue 32): seeded through
// the server's old key path into the stack's own database, under its master key. At the
// next login the secure frame takes the key over (split, device share kept, full key
// deleted on the server) and signs with it.
jest.setTimeout(180_000)

const env = setupStackAndBrowser()
const MESSAGE = 'Hello from the Portico demo'

describe('embedded wallet: a custodial wallet moves to self-custody at login', () => {
  let page: Page
  let errors: string[]
  const email = `custodial.${Date.now()}@example.com`
  let seeded: CustodialUser
  const database = () => openDatabase({ sqliteFile: path.join(env.stack().dataDir, 'portico.sqlite') })

  beforeAll(async () => {
    const db = database()
    try {
      const { key } = loadOrCreateDevMasterKey(path.join(env.stack().dataDir, 'master.key'))
      seeded = await seedCustodialUser(db, createKeyring(key), email, Date.now())
    } finally {
      await db.destroy()
    }
    page = await env.browser().newPage({ viewport: { width: 900, height: 820 } })
    errors = watchPageErrors(page)
    await page.goto(env.stack().demoUrl)
  })
  afterAll(() => page?.close())

  it('logs in on a new device (device code, then login code), keeps the same address, and the server no longer holds the key', async () => {
    await loginOnNewDevice(page, env.stack().serverUrl, email)
    // The migrated wallet has no recovery yet: the frame offers one, and the visitor postpones it.
    await postponeRecovery(page)

    const accounts = (await page.evaluate(readState, 'account.byNamespace.eip155.user.accounts')) as Array<{ address: string; type: string }>
    expect(accounts).toContainEqual({ address: seeded.keys.eip155.address, type: 'eoa' })
    const db = database()
    try {
      expect(await db.selectFrom('auth_wallet_keys').selectAll().where('user_id', '=', seeded.userId).execute()).toEqual([])
      expect(await db.selectFrom('custody_auth_shares').select('namespace').where('user_id', '=', seeded.userId).orderBy('namespace').execute()).toEqual([
        { namespace: 'eip155' },
        { namespace: 'solana' },
      ])
    } finally {
      await db.destroy()
    }
  })

  it('signs a message in the frame with the migrated key; viem verifies it for the account it owns', async () => {
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await secureFrame(page).getByRole('button', { name: 'Approve' }).click()
    const signature = await page.getByTestId('demo-signature').filter({ hasText: /^0x/ }).textContent()
    // The account in effect is the smart account the migrated EOA owns (docs/smart-accounts.md): the chain checks the owner's signature.
    const address = (await page.getByTestId('demo-address').textContent())!.split(':')[2] as Address
    const chain = createPublicClient({ transport: http(env.stack().chains.chains[0]!.rpcUrl) })
    expect(await chain.verifyMessage({ address, message: MESSAGE, signature: signature as `0x${string}` })).toBe(true)
    expect(errors).toEqual([])
  })
})
