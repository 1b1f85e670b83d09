import { toString } from 'qrcode'

/**
 * The pairing URI as an SVG QR code (a string of markup), for the ConnectingWalletConnect
 * view. Kept out of the WalletConnect chunk so the view can load it on its own.
 *
 * @example
 * const svg = await pairingQrSvg('wc:7f6e...@2?relay-protocol=irn&symKey=...')
 * // '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45" ...'
 */
export function pairingQrSvg(uri: string, options: { margin?: number; dark?: string; light?: string } = {}): Promise<string> {
  return toString(uri, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: options.margin ?? 1,
    color: { dark: options.dark ?? '#000000', light: options.light ?? '#ffffff' },
  })
}
