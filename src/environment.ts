import type { TelegramPlatform } from './config/constants'
import { telegramPlatformOf } from './config/telegramSocials'

/**
 * Device detection for SPEC §2 "On mobile it opens AllWallets". A coarse pointer on a
 * narrow screen counts as mobile; dapps can override with `config.isMobile`.
 */
export function detectMobile(win: Window | undefined = globalThis.window): boolean {
  if (!win?.matchMedia) return false
  return win.matchMedia('(pointer: coarse)').matches && win.matchMedia('(max-width: 768px)').matches
}

/**
 * SPEC §5 Telegram filtering: the mini app's platform from the Telegram script's
 * `window.Telegram.WebApp.platform`, or 'unknown' outside a mini app.
 */
export function detectTelegramPlatform(win: Window | undefined = globalThis.window): TelegramPlatform {
  const webApp = (win as { Telegram?: { WebApp?: { platform?: unknown } } } | undefined)?.Telegram?.WebApp
  return webApp ? telegramPlatformOf(webApp.platform) : 'unknown'
}
