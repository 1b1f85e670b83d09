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

/** One token of one network, whatever its balance: the same key before and after a balance refresh. */
export const tokenBalanceKey = (token: Pick<TokenBalance, 'chainId' | 'address' | 'symbol'>): string => `${token.chainId}:${token.address ?? 'native'}:${token.symbol}`
