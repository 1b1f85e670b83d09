/**
 * What a fiat amount buys: the provider's fee and the network fee come off the amount,
 * the rest buys the chain's native currency at the price source's price. The quote
 * endpoint and the test provider's purchase use the same math, so a purchase delivers
 * exactly what was quoted at the same prices.
 */
import { formatUnits, parseUnits } from 'viem'

/** Gas of a plain native transfer, which is how the purchase is delivered. */
export const TRANSFER_GAS = 21_000n
/** The purchase amount is rounded down to this many decimals. */
export const PURCHASE_DECIMALS = 8

export interface OnrampQuoteInput {
  /** Fiat amount paid. */
  amount: number
  feePercent: number
  /** Price of one whole unit of the asset in the fiat currency. */
  price: number
  /** The network fee in wei of the native currency. */
  networkFeeWei: bigint
  decimals: number
}

export interface OnrampQuoteMath {
  /** Fiat, in cents-rounded decimal text. */
  paymentTotal: string
  providerFee: string
  networkFee: string
  paymentSubtotal: string
  /** Asset bought, decimal text and smallest unit. */
  purchaseAmount: string
  purchaseUnits: bigint
}

const cents = (value: number) => Math.round(value * 100) / 100
const money = (value: number) => cents(value).toFixed(2)

/**
 * @example
 * computeOnrampQuote({ amount: 100, feePercent: 1, price: 3000, networkFeeWei: 42_000_000_000_000n, decimals: 18 })
 * // { paymentTotal: '100.00', providerFee: '1.00', networkFee: '0.13', paymentSubtotal: '98.87', purchaseAmount: '0.03295666', … }
 */
export function computeOnrampQuote({ amount, feePercent, price, networkFeeWei, decimals }: OnrampQuoteInput): OnrampQuoteMath {
  const providerFee = cents((amount * feePercent) / 100)
  const networkFee = cents(Number(formatUnits(networkFeeWei, decimals)) * price)
  const subtotal = cents(amount - providerFee - networkFee)
  const bought = subtotal > 0 && price > 0 ? subtotal / price : 0
  // Rounded down, so the provider never sends more than was paid for.
  const scale = 10 ** PURCHASE_DECIMALS
  const purchaseUnits = parseUnits((Math.floor(bought * scale) / scale).toFixed(PURCHASE_DECIMALS), decimals)
  return {
    paymentTotal: money(amount),
    providerFee: money(providerFee),
    networkFee: money(networkFee),
    paymentSubtotal: money(Math.max(subtotal, 0)),
    purchaseAmount: formatUnits(purchaseUnits, decimals),
    purchaseUnits,
  }
}
