/**
 * The device share store in real Chromium (IndexedDB and WebCrypto of the browser, not a
 * stand-in): deviceShareStore.ts is bundled with esbuild and served on its own origin
 * (test/custodyPage.ts).
 */
import { existsSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM, launchBrowser, watchPageErrors } from '../../e2e/browser'
import { serveCustodyPage } from './test/custodyPage'
import type * as DeviceShareStoreModule from './deviceShareStore'
import type * as ErrorsModule from './errors'

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: run the tests through npm test, which installs it`)
jest.setTimeout(60_000)

type PageApi = typeof DeviceShareStoreModule & typeof ErrorsModule
declare const custody: PageApi

const wallet = { namespace: 'eip155' as const, address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }
const share = Array.from({ length: 33 }, (_, i) => (i * 11 + 5) & 0xff)

describe('device share store in Chromium', () => {
  let served: Awaited<ReturnType<typeof serveCustodyPage>>
  let browser: Browser
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    served = await serveCustodyPage(['deviceShareStore', 'errors'], 2)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await served?.close()
  })
  beforeEach(async () => {
    page = await browser.newPage()
    errors = watchPageErrors(page)
    await page.goto(served.pages[0]!.url)
  })
  afterEach(async () => {
    expect(errors).toEqual([])
    await page.context().close()
  })

  const save = (p: Page) =>
    p.evaluate(
      async ([w, s]) => {
        const store = await custody.openDeviceShareStore()
        await store.save(w, Uint8Array.from(s))
        store.close()
      },
      [wallet, share] as const,
    )
  const load = (p: Page) =>
    p.evaluate(async (w) => {
      const store = await custody.openDeviceShareStore()
      try {
        const loaded = await store.load(w)
        return loaded && Array.from(loaded)
      } catch (error) {
        return { name: (error as Error).name, code: (error as { code?: string }).code, message: (error as Error).message }
      } finally {
        store.close()
      }
    }, wallet)
  /** Reads the database directly, as any script on the origin could. */
  const raw = (p: Page) =>
    p.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(custody.DEVICE_DB_NAME)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const all = (name: string) =>
        new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(name).objectStore(name).getAll()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => reject(request.error)
        })
      const [keys, records] = [(await all(custody.KEY_STORE)) as CryptoKey[], (await all(custody.SHARE_STORE)) as { iv: Uint8Array; ciphertext: ArrayBuffer; createdAt: number }[]]
      const exported = await Promise.all(
        keys.map((key) =>
          crypto.subtle.exportKey('raw', key).then(
            () => 'exported',
            (error: Error) => error.name,
          ),
        ),
      )
      db.close()
      return {
        keys: keys.map((key, i) => ({ type: key.type, extractable: key.extractable, algorithm: key.algorithm, usages: key.usages, exported: exported[i] })),
        records: records.map((record) => ({ fields: Object.keys(record).sort(), iv: Array.from(record.iv), ciphertext: Array.from(new Uint8Array(record.ciphertext)) })),
      }
    })

  it('saves and loads the share; the record holds only ciphertext, under a non-extractable AES-GCM key', async () => {
    expect(await load(page)).toBeUndefined()
    await save(page)
    expect(await load(page)).toEqual(share)

    const stored = await raw(page)
    expect(stored.keys).toEqual([{ type: 'secret', extractable: false, algorithm: { name: 'AES-GCM', length: 256 }, usages: ['encrypt', 'decrypt'], exported: 'InvalidAccessError' }])
    expect(stored.records).toHaveLength(1)
    const [record] = stored.records
    expect(record!.fields).toEqual(['ciphertext', 'createdAt', 'iv'])
    // 33 bytes of ciphertext and a 16-byte tag; no run of the share's bytes appears in it.
    expect(record!.ciphertext).toHaveLength(33 + 16)
    const hex = (bytes: number[]) => Buffer.from(bytes).toString('hex')
    expect(hex(record!.ciphertext)).not.toContain(hex(share.slice(0, 8)))
    expect(hex(record!.ciphertext)).not.toContain(hex(share.slice(-8)))
  })

  it('survives a reload with the same device key; another origin sees nothing', async () => {
    await save(page)
    const keyBefore = (await raw(page)).keys
    await page.reload()
    expect(await load(page)).toEqual(share)
    expect((await raw(page)).keys).toEqual(keyBefore)

    await page.goto(served.pages[1]!.url)
    expect(await load(page)).toBeUndefined()
  })

  it('a record altered or moved to another wallet’s slot is refused with CUSTODY_DEVICE_SHARE_UNREADABLE; remove deletes it', async () => {
    await save(page)
    const refused = { name: 'CustodyError', code: 'CUSTODY_DEVICE_SHARE_UNREADABLE', message: 'The key share stored on this device cannot be read; recover the wallet with its recovery share' }
    const other = { namespace: 'eip155' as const, address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }
    const outcome = await page.evaluate(
      async ([w, o]) => {
        const db = await new Promise<IDBDatabase>((resolve) => {
          const request = indexedDB.open(custody.DEVICE_DB_NAME)
          request.onsuccess = () => resolve(request.result)
        })
        const put = (value: unknown, id: string) =>
          new Promise<void>((resolve) => {
            const tx = db.transaction(custody.SHARE_STORE, 'readwrite')
            tx.objectStore(custody.SHARE_STORE).put(value, id)
            tx.oncomplete = () => resolve()
          })
        const record = await new Promise<{ iv: Uint8Array; ciphertext: ArrayBuffer; createdAt: number }>((resolve) => {
          const request = db.transaction(custody.SHARE_STORE).objectStore(custody.SHARE_STORE).get(custody.deviceShareId(w))
          request.onsuccess = () => resolve(request.result)
        })
        await put(record, custody.deviceShareId(o))
        const flipped = new Uint8Array(record.ciphertext.slice(0))
        flipped[0] = flipped[0]! ^ 1
        await put({ ...record, ciphertext: flipped.buffer }, custody.deviceShareId(w))
        db.close()
        const store = await custody.openDeviceShareStore()
        const attempt = (wallet: typeof w) =>
          store.load(wallet).then(
            () => null,
            (error: { name: string; code: string; message: string }) => ({ name: error.name, code: error.code, message: error.message }),
          )
        const result = { moved: await attempt(o), altered: await attempt(w) }
        await store.remove(w)
        const afterRemove = await store.load(w)
        store.close()
        return { ...result, afterRemove: afterRemove ?? 'none' }
      },
      [wallet, other] as const,
    )
    expect(outcome).toEqual({ moved: refused, altered: refused, afterRemove: 'none' })
  })
})
