// The page bench's device profiles, in Debian's Chromium: the phone profile is a 390×844
// touch screen whose page runs several times slower than the desktop's.
import type { Browser } from 'playwright-core'
import { DESKTOP, launchBenchBrowser, openAs, PHONE, type DeviceProfile } from './measurePage'

jest.setTimeout(120_000)

let browser: Browser
beforeAll(async () => {
  browser = await launchBenchBrowser()
})
afterAll(async () => {
  await browser.close()
})

/**
 * What the page sees of its device, and the time of one fixed piece of work (about 1 s
 * unthrottled: Chromium throttles by pausing the page's thread between slices, so a task
 * of a few milliseconds can slip between two pauses; a long one cannot).
 */
async function probe(profile: DeviceProfile) {
  const { context, page } = await openAs(browser, profile)
  try {
    await page.setContent('<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><p>bench</p>')
    return await page.evaluate(() => {
      const start = performance.now()
      let x = 0
      for (let i = 0; i < 150_000_000; i++) x = (x * 31 + i) % 1_000_003
      const workMs = performance.now() - start
      return {
        width: innerWidth,
        height: innerHeight,
        pixelRatio: devicePixelRatio,
        coarsePointer: matchMedia('(pointer: coarse)').matches,
        touchPoints: navigator.maxTouchPoints,
        workMs,
        x,
      }
    })
  } finally {
    await context.close()
  }
}

describe('the device profiles', () => {
  it('loads the desktop profile at 1280×800 with a mouse, the phone profile at 390×844 with a touch screen', async () => {
    expect(await probe(DESKTOP)).toMatchObject({ width: 1280, height: 800, pixelRatio: 1, coarsePointer: false, touchPoints: 0 })
    const phone = await probe(PHONE)
    expect(phone).toMatchObject({ width: 390, height: 844, pixelRatio: 3, coarsePointer: true })
    expect(phone.touchPoints).toBeGreaterThan(0)
  })

  it('runs the phone profile’s page several times slower than the desktop’s (CPU throttled 4× through the DevTools protocol)', async () => {
    const desktop = await probe(DESKTOP)
    const phone = await probe(PHONE)
    // 4× in principle; the shared machine's noise moves both, so only a clear slowdown is asked.
    expect(phone.workMs / desktop.workMs).toBeGreaterThan(2.5)
  })
})
