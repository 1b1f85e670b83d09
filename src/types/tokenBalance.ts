/** SPEC §3 Token balance. */
export type TokenBalance = {
  name: string
  symbol: string
  /** CAIP-2 network id. */
  chainId: string
  /** CAIP-10 token address, or the namespace's native marker. */
  address?: string | undefined
  /** Value in the quote currency (price × quantity). */
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}
