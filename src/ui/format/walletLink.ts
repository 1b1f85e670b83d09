/**
 * A link that opens a listed wallet with a WalletConnect pairing URI: custom schemes get
 * `scheme://wc?uri=…`, universal links `https://…/wc?uri=…` (the convention wallets
 * register for).
 *
 * @example
 * walletLink('metamask://', 'wc:abc@2?relay-protocol=irn') // 'metamask://wc?uri=wc%3Aabc%402%3Frelay-protocol%3Dirn'
 */
export function walletLink(base: string, uri: string): string {
  const encoded = encodeURIComponent(uri)
  if (base.endsWith('://')) return `${base}wc?uri=${encoded}`
  return `${base.replace(/\/+$/, '')}/wc?uri=${encoded}`
}
