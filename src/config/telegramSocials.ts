import { TelegramSocialFilter, type SocialProvider, type TelegramPlatform } from './constants'

/**
 * SPEC §5 Telegram platform filtering of social options: inside a Telegram mini app on
 * iOS, google is removed; on Mac, x; on Android, facebook and x. Elsewhere (web, other
 * Telegram clients, unknown) the list is kept. Order is kept.
 *
 * @example
 * filterSocialsForTelegram(['google', 'x', 'discord'], 'ios')       // ['x', 'discord']
 * filterSocialsForTelegram(['google', 'x', 'facebook'], 'android')  // ['google']
 */
export function filterSocialsForTelegram<S extends SocialProvider>(socials: readonly S[], platform: TelegramPlatform | undefined): S[] {
  const removed: readonly SocialProvider[] = platform === 'ios' || platform === 'macos' || platform === 'android' ? TelegramSocialFilter[platform] : []
  return socials.filter((social) => !removed.includes(social))
}

/**
 * The platform to filter for, from Telegram's `window.Telegram.WebApp.platform`
 * ('ios', 'android', 'android_x', 'macos', 'tdesktop', 'weba', 'webk', …); anything
 * else, or no mini app, is 'unknown'.
 *
 * @example
 * telegramPlatformOf('android_x') // 'android'
 */
export function telegramPlatformOf(webAppPlatform: unknown): TelegramPlatform {
  if (webAppPlatform === 'ios') return 'ios'
  if (webAppPlatform === 'macos') return 'macos'
  if (webAppPlatform === 'android' || webAppPlatform === 'android_x') return 'android'
  if (webAppPlatform === 'weba' || webAppPlatform === 'webk' || webAppPlatform === 'web') return 'web'
  return 'unknown'
}
