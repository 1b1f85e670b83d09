import { toString } from 'qrcode'

/**
 * A URI as an SVG QR code (a string of markup), for the pairing views (WalletConnect,
 * Farcaster).
 *
 * @example
 * const svg = await qrSvg('wc:7f6e...@2?relay-protocol=irn&symKey=...')
 * // '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" ...'
 */
export function qrSvg(uri: string, options: { margin?: number; dark?: string; light?: string } = {}): Promise<string> {
  return toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: options.margin ?? 1,
    color: { dark: options.dark ?? '#000000', light: options.light ?? '#ffffff' },
  })
}
