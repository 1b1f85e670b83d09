import { ConfigError, ValidationError } from '../errors'
import { detectTelegramPlatform } from '../environment'
import { createFakeNamespacePlugin, testNetwork } from '../test/fakeNamespacePlugin'
import { detectTimeZone, isRestrictedTimeZone, RestrictedTimezones } from './restrictedTimezones'
import { resolveConfig, type ResolveConfigOptions } from './resolveConfig'
import type { PorticoConfig } from './types'

const { plugin } = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
const resolve = (config: PorticoConfig, options: Partial<ResolveConfigOptions> = {}) => resolveConfig({ plugins: [plugin], ...config }, { defaultPlugins: () => [], ...options })
const telegramWindow = (platform: unknown) => ({ Telegram: { WebApp: { platform } } }) as unknown as Window

describe('Telegram platform (SPEC §5 filtering)', () => {
  it("reads window.Telegram.WebApp.platform inside a mini app and 'unknown' elsewhere", () => {
    expect(detectTelegramPlatform(telegramWindow('ios'))).toBe('ios')
    expect(detectTelegramPlatform(telegramWindow('android_x'))).toBe('android')
    expect(detectTelegramPlatform(telegramWindow('macos'))).toBe('macos')
    expect(detectTelegramPlatform(telegramWindow('tdesktop'))).toBe('unknown')
    expect(detectTelegramPlatform({} as Window)).toBe('unknown')
    expect(detectTelegramPlatform(undefined)).toBe('unknown')
  })

  it('uses the detected platform unless the dapp set one', () => {
    expect(resolve({}, { detectTelegramPlatform: () => 'ios' }).telegramPlatform).toBe('ios')
    expect(resolve({ telegramPlatform: 'android' }, { detectTelegramPlatform: () => 'ios' }).telegramPlatform).toBe('android')
    expect(resolve({}).telegramPlatform).toBe('unknown')
  })
})

describe('restricted time zones (SPEC §9)', () => {
  it('restricts the default East Asian zones, whatever the case, and nothing unknown', () => {
    expect(RestrictedTimezones).toContain('Asia/Shanghai')
    expect(isRestrictedTimeZone('Asia/Shanghai')).toBe(true)
    expect(isRestrictedTimeZone('asia/hong_kong')).toBe(true)
    expect(isRestrictedTimeZone('Europe/Paris')).toBe(false)
    expect(isRestrictedTimeZone(undefined)).toBe(false)
  })

  it("follows the dapp's own list, and an empty list restricts nowhere", () => {
    expect(isRestrictedTimeZone('Europe/Paris', ['Europe/Paris'])).toBe(true)
    expect(isRestrictedTimeZone('Asia/Shanghai', ['Europe/Paris'])).toBe(false)
    expect(isRestrictedTimeZone('Asia/Shanghai', [])).toBe(false)
    expect(resolve({ restrictedTimezones: ['Europe/Paris'] }).restrictedTimezones).toEqual(['Europe/Paris'])
    expect(resolve({}).restrictedTimezones).toBeUndefined()
  })

  it('refuses a list that is not of zone names', () => {
    expect(() => resolve({ restrictedTimezones: 'Asia/Shanghai' as unknown as string[] })).toThrow('restrictedTimezones must be a list of IANA time zone names.')
    expect(() => resolve({ restrictedTimezones: [8 as unknown as string] })).toThrow(ValidationError)
  })

  it("reads the visitor's zone from Intl", () => {
    expect(detectTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone)
  })
})

describe('legal checkbox and links', () => {
  it('keeps the terms and privacy URLs', () => {
    const resolved = resolve({ features: { legalCheckbox: true }, termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy' })
    expect(resolved.legal).toEqual({ termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'https://shop.example/privacy' })
    expect(resolved.features.legalCheckbox).toBe(true)
  })

  it('refuses the checkbox without a document to agree to, and a URL that is not http(s)', () => {
    expect(() => resolve({ features: { legalCheckbox: true } })).toThrow(ConfigError)
    expect(() => resolve({ features: { legalCheckbox: true } })).toThrow('features.legalCheckbox needs termsConditionsUrl or privacyPolicyUrl.')
    expect(() => resolve({ termsConditionsUrl: 'javascript:alert(1)' })).toThrow('termsConditionsUrl must be an absolute http(s) URL.')
    expect(() => resolve({ privacyPolicyUrl: '/privacy' })).toThrow('privacyPolicyUrl must be an absolute http(s) URL.')
  })
})

describe('frame logger flag', () => {
  it('is off unless the dapp turns it on', () => {
    expect(resolve({}).enableFrameLogger).toBe(false)
    expect(resolve({ enableFrameLogger: true }).enableFrameLogger).toBe(true)
  })
})

describe('WalletConnect request timeout (issue 33)', () => {
  it('is 5 minutes unless the dapp sets one, 1 s or more', () => {
    expect(resolve({}).walletRequestTimeoutMs).toBe(300_000)
    expect(resolve({ walletRequestTimeoutMs: 15_000 }).walletRequestTimeoutMs).toBe(15_000)
    expect(() => resolve({ walletRequestTimeoutMs: 500 })).toThrow(ValidationError)
    expect(() => resolve({ walletRequestTimeoutMs: Number.NaN })).toThrow('walletRequestTimeoutMs must be a number of milliseconds, 1000 or more.')
  })
})
