// Fixed development keys of the demo's Solana and Bitcoin wallets (sha256 of a label),
// so the local stack knows their addresses and funds them at start. Public: never hold
// real funds with them.

/** ed25519 seed of the Solana dev wallet's account (sha256 of 'portico dev solana wallet 0'). */
export const DEV_SOLANA_SEED_HEX = '3f65e3e56e39c4976b2e34a5aad70e944e9d64e5c6f6786e27d97a41bb5794da'
/** secp256k1 key of the Bitcoin dev wallet's P2WPKH payment address (sha256 of 'portico dev bitcoin payment'). */
export const DEV_BITCOIN_PAYMENT_KEY_HEX = 'cc5751b158c1ce08878f6d07fff2d42af5dcd38301d9e5ef6069c0bb95ddac3f'
/** secp256k1 key of the Bitcoin dev wallet's P2TR ordinals address (sha256 of 'portico dev bitcoin ordinals'). */
export const DEV_BITCOIN_ORDINALS_KEY_HEX = '6579afcad9685cb7afa8d5aad7db0a795a54342b2102d47ea9edcd96816501e3'

/** secp256k1 key of the Keplr-style Cosmos dev wallet's account (sha256 of 'portico dev cosmos wallet'). */
export const DEV_COSMOS_KEY_HEX = 'ee0e0b4cd88f886a9f4e49dbf4932e68c99ced306e164b68d6ed3758afebf0cd'

/** Hex (no 0x) to bytes, without Node's Buffer so the browser bundles take it as is. */
export function fromHex(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error(`not hex: ${hex}`)
  return Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))
}
