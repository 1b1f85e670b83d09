/**
 * Device detection for SPEC §2 "On mobile it opens AllWallets". A coarse pointer on a
 * narrow screen counts as mobile; dapps can override with `config.isMobile`.
 */
export function detectMobile(win: Window | undefined = globalThis.window): boolean {
  if (!win?.matchMedia) return false
  return win.matchMedia('(pointer: coarse)').matches && win.matchMedia('(max-width: 768px)').matches
}
