/** Base64 for the byte fields of stored records (browser and Node both have btoa/atob). */

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** Throws on anything but canonical, padded base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(text)) throw new TypeError('Not base64')
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
}
