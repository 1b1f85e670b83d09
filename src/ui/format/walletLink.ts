/**
 * Deep links into a listed wallet, in the WalletConnect Explorer convention. A wallet's
 * link is either a custom scheme (`metamask://`, `okex://main`) or a universal link
 * (`https://metamask.app.link`): the pairing URI goes in `wc?uri=…` after it, encoded
 * with encodeURIComponent; without a URI (to bring the wallet up for a request over a
 * live session) a custom scheme gets `wc` and a universal link stays as it is.
 */

/** Whether `link` is a universal (https) link rather than a custom scheme. */
export const isUniversalLink = (link: string): boolean => /^https?:\/\//i.test(link)

/** The link with exactly one `/` (universal, `okex://main`) or `://` (bare scheme) before what follows. */
function linkBase(link: string): string {
  if (isUniversalLink(link)) return `${link.replace(/\/+$/, '')}/`
  const separator = link.indexOf(':')
  const scheme = link.slice(0, separator === -1 ? undefined : separator)
  const rest =
    separator === -1
      ? ''
      : link
          .slice(separator + 1)
          .replace(/^\/+/, '')
          .replace(/\/+$/, '')
  return rest ? `${scheme}://${rest}/` : `${scheme}://`
}

/**
 * A link that opens a listed wallet with a WalletConnect pairing URI.
 *
 * @example
 * walletLink('metamask://', 'wc:abc@2?relay-protocol=irn') // 'metamask://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn'
 * walletLink('https://link.trustwallet.com', uri) // 'https://link.trustwallet.com/wc?uri=…'
 */
export function walletLink(link: string, uri: string): string {
  return `${linkBase(link)}wc?uri=${encodeURIComponent(uri)}`
}

/**
 * A link that only brings the wallet up (a request over the session waits there): no
 * new pairing URI.
 *
 * @example
 * walletOpenLink('metamask://') // 'metamask://wc'
 * walletOpenLink('https://metamask.app.link/') // 'https://metamask.app.link/'
 */
export function walletOpenLink(link: string): string {
  return isUniversalLink(link) ? linkBase(link) : `${linkBase(link)}wc`
}

/**
 * Opens a deep link from script: a custom scheme in this tab (the browser hands it to the
 * app and the page stays), a universal link in a new tab (so this page, which holds the
 * pending pairing, is not replaced when the app is not installed).
 */
export function openWalletLink(href: string): void {
  window.open(href, isUniversalLink(href) ? '_blank' : '_self', 'noopener,noreferrer')
}
