/**
 * The custody modules together in real Chromium, with a passkey from Chromium's virtual
 * authenticator (DevTools protocol, PRF extension on): a key made in the page is split, its
 * device share stored, its recovery share sealed with the passkey's PRF output; after the
 * device's storage is wiped, the auth share (kept here as the server would) and the
 * recovery share reopened with the passkey rebuild the same key.
 */
import { existsSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { CHROMIUM, launchBrowser, watchPageErrors } from '../../e2e/browser'
import { addressOf } from '../../server/auth/keys'
import { serveCustodyPage } from './test/custodyPage'
import type * as Keys from './keys'
import type * as Shares from './shares'
import type * as DeviceShareStore from './deviceShareStore'
import type * as RecoveryEnvelope from './recoveryEnvelope'

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run the tests through npm test, which installs it`)
jest.setTimeout(60_000)

declare const custody: typeof Keys & typeof Shares & typeof DeviceShareStore & typeof RecoveryEnvelope

describe('self-custody building blocks in Chromium with a passkey', () => {
  let served: Awaited<ReturnType<typeof serveCustodyPage>>
  let browser: Browser
  beforeAll(async () => {
    served = await serveCustodyPage(['keys', 'shares', 'deviceShareStore', 'recoveryEnvelope'])
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await served?.close()
  })

  it('a wiped device recovers the same key from the auth share and the passkey-sealed recovery share', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const errors = watchPageErrors(page)
    // WebAuthn needs a valid RP ID: localhost, not an IP address.
    await page.goto(served.pages[0]!.url.replace('127.0.0.1', 'localhost'))
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        hasPrf: true,
        automaticPresenceSimulation: true,
      },
    })

    const made = await page.evaluate(async () => {
      const random = (n: number) => crypto.getRandomValues(new Uint8Array(n))
      const credential = (await navigator.credentials.create({
        publicKey: {
          rp: { name: 'Portico', id: 'localhost' },
          user: { id: random(16), name: 'visitor', displayName: 'Visitor' },
          challenge: random(32),
          pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          extensions: { prf: {} },
        },
      })) as PublicKeyCredential
      const prfSalt = random(32)
      const prf = async () => {
        const assertion = (await navigator.credentials.get({
          publicKey: {
            challenge: random(32),
            allowCredentials: [{ type: 'public-key', id: credential.rawId }],
            userVerification: 'required',
            extensions: { prf: { eval: { first: custody.recoveryPrfInput(prfSalt) } } },
          },
        })) as PublicKeyCredential
        const first = assertion.getClientExtensionResults().prf?.results?.first
        if (!first) throw new Error('no PRF output')
        return new Uint8Array(first as ArrayBuffer)
      }
      const wallet = custody.generateWalletSecret('eip155')
      const shares = await custody.splitWalletSecret(wallet)
      const store = await custody.openDeviceShareStore()
      await store.save(wallet, shares.device)
      const passkey = { credentialId: credential.id, prfSalt: btoa(String.fromCharCode(...prfSalt)) }
      const envelope = await custody.sealRecoveryShare(shares.recovery, { prfOutput: await prf(), passkey }, wallet.address)
      // Everyday path: device share + auth share.
      const everyday = await custody.rebuildWalletSecret(wallet, [(await store.load(wallet))!, shares.auth])
      store.close()

      // The device is wiped: IndexedDB is gone.
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(custody.DEVICE_DB_NAME)
        request.onsuccess = () => resolve()
        request.onerror = () => reject(request.error)
      })
      const fresh = await custody.openDeviceShareStore()
      const deviceShareAfterWipe = await fresh.load(wallet)
      fresh.close()
      const recovery = await custody.openRecoveryShare(JSON.parse(JSON.stringify(envelope)), { prfOutput: await prf() }, wallet.address)
      const recovered = await custody.rebuildWalletSecret(wallet, [shares.auth, recovery])
      return {
        address: wallet.address,
        secret: Array.from(wallet.secret),
        everyday: Array.from(everyday),
        recovered: Array.from(recovered),
        deviceShareAfterWipe: deviceShareAfterWipe ?? 'none',
        kdf: envelope.kdf,
      }
    })
    expect(made.everyday).toEqual(made.secret)
    expect(made.recovered).toEqual(made.secret)
    expect(made.deviceShareAfterWipe).toBe('none')
    expect(addressOf('eip155', Uint8Array.from(made.secret))).toBe(made.address)
    expect(made.kdf).toMatchObject({ name: 'HKDF-SHA-256', source: 'webauthn-prf' })
    expect(errors).toEqual([])
    await context.close()
  })
})
