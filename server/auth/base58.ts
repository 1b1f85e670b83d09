/**
 * Base58 (the Bitcoin alphabet), as Solana writes public keys and signatures.
 * Small enough to keep here rather than depend on a transitive package.
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** @example encodeBase58(new Uint8Array([0, 0, 1])) // '112' */
export function encodeBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let out = ''
  while (value > 0n) {
    out = ALPHABET[Number(value % 58n)]! + out
    value /= 58n
  }
  return '1'.repeat(zeros) + out
}

/** @example decodeBase58('112') // Uint8Array [0, 0, 1]; throws on a character outside the alphabet */
export function decodeBase58(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new Error(`'${char}' is not a base58 character`)
    value = value * 58n + BigInt(digit)
  }
  const body: number[] = []
  while (value > 0n) {
    body.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body])
}
