import { createSelector } from '@reduxjs/toolkit'
import { ConnectMethodOrder, type ConnectMethod, type SocialProvider } from '../../config/constants'
import { filterSocialsForTelegram } from '../../config/telegramSocials'
import type { PorticoState } from '../rootReducer'

/** True when a browser wallet (injected or EIP-6963-announced) is among the connectors. */
export const selectHasBrowserWallet = createSelector([(s: PorticoState) => s.connectors.byNamespace], (byNamespace) =>
  Object.values(byNamespace).some((list) => list.some((c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED')),
)

/**
 * SPEC §2: default order email, social, wallet; with a browser wallet shown, wallet,
 * email, social. Methods turned off in `features` are left out.
 */
export const selectConnectMethodOrder = createSelector([selectHasBrowserWallet, (s: PorticoState) => s.options.features], (hasBrowserWallet, features): ConnectMethod[] => {
  const order = hasBrowserWallet ? ConnectMethodOrder.withBrowserWallet : ConnectMethodOrder.default
  return order.filter((method) => {
    // The embedded wallet's section: the email form, "Continue with a passkey", or both.
    if (method === 'email') return features.email || features.passkey
    if (method === 'social') return Array.isArray(features.socials) && features.socials.length > 0
    return true
  })
})

/**
 * The social logins offered, in configured order, after SPEC §5 Telegram platform
 * filtering (iOS removes google; Mac removes x; Android removes facebook and x).
 */
export const selectSocialOptions = createSelector([(s: PorticoState) => s.options.features.socials, (s: PorticoState) => s.options.telegramPlatform], (socials, platform): SocialProvider[] =>
  socials ? filterSocialsForTelegram(socials, platform) : [],
)
