import { useMemo, type CSSProperties } from 'react'
import { usePorticoSelector } from '../react/hooks'

export type ThemeAttributes = { 'data-theme': 'light' | 'dark' | undefined; style: CSSProperties }

/**
 * What puts an element under Portico's theme: `data-theme` when the dapp chose a mode
 * (absent while following `prefers-color-scheme`, so the stylesheet follows the visitor's
 * scheme live and a server render matches the client), and the dapp's `themeVariables`
 * as inline custom properties (the CSSOM, which a strict CSP allows). The modal, the
 * toasts and the dapp's buttons all use it, so they look alike.
 *
 * @example
 * const theme = useThemeAttributes()
 * <div className="portico-root" {...theme} />
 */
export function useThemeAttributes(): ThemeAttributes {
  const themeMode = usePorticoSelector((s) => (s.options.themeModeFollowsSystem ? undefined : s.options.themeMode))
  const style = usePorticoSelector((s) => s.options.themeVariables) as CSSProperties
  return useMemo(() => ({ 'data-theme': themeMode, style }), [themeMode, style])
}
