import { SocialProviders } from './constants'
import { filterSocialsForTelegram, telegramPlatformOf } from './telegramSocials'

const all = [...SocialProviders]

describe('SPEC §5 Telegram platform filtering of social options', () => {
  it('iOS removes google', () => {
    expect(filterSocialsForTelegram(all, 'ios')).toEqual(all.filter((s) => s !== 'google'))
  })
  it('Mac removes x', () => {
    expect(filterSocialsForTelegram(all, 'macos')).toEqual(all.filter((s) => s !== 'x'))
  })
  it('Android removes facebook and x', () => {
    expect(filterSocialsForTelegram(all, 'android')).toEqual(all.filter((s) => s !== 'facebook' && s !== 'x'))
  })
  it('keeps every option, in order, on the web, elsewhere or outside Telegram', () => {
    for (const platform of ['web', 'unknown', undefined] as const) expect(filterSocialsForTelegram(all, platform)).toEqual(all)
    expect(filterSocialsForTelegram(['x', 'google', 'discord'], 'web')).toEqual(['x', 'google', 'discord'])
  })
  it('reads Telegram’s WebApp.platform', () => {
    expect(telegramPlatformOf('ios')).toBe('ios')
    expect(telegramPlatformOf('macos')).toBe('macos')
    expect(telegramPlatformOf('android')).toBe('android')
    expect(telegramPlatformOf('android_x')).toBe('android')
    expect(telegramPlatformOf('weba')).toBe('web')
    expect(telegramPlatformOf('tdesktop')).toBe('unknown')
    expect(telegramPlatformOf(undefined)).toBe('unknown')
  })
})
