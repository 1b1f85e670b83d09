import type { CSSProperties } from 'react'
import type { AccountState } from '../store/slices/account'
import { truncateAddress } from '../ui/format/truncateAddress'
import { useLocale } from '../ui/locales/useLocale'
import { useThemeAttributes } from '../ui/useThemeAttributes'

/** The name a button shows for an account: its profile name, or the short address. */
export const accountDisplayName = (account: Pick<AccountState, 'profileName' | 'address'>): string => account.profileName ?? truncateAddress(account.address ?? '')

/**
 * The class, theme attribute and style of a Portico button: `portico-button` plus the
 * button's own classes and the dapp's, under the modal's theme (its mode and
 * `themeVariables`, with the dapp's `style` prop over them).
 */
export function useButtonChrome(props: { className?: string | undefined; style?: CSSProperties | undefined }, ...classes: (string | false)[]) {
  const theme = useThemeAttributes()
  const { attributes } = useLocale()
  return {
    // The label's language and direction (dir="rtl" in Arabic), as on the modal.
    ...attributes,
    className: ['portico-button', ...classes, props.className].filter(Boolean).join(' '),
    'data-theme': theme['data-theme'],
    style: props.style ? { ...theme.style, ...props.style } : theme.style,
  }
}
