/** SPEC §3 Wallet listing: one wallet of the wallet-listing API. */
export type WalletListing = {
  id: string
  name: string
  image_id: string | null
  /** CAIP-2 networks the wallet supports. */
  chains: string[]
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
}
