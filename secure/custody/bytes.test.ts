import { fromBase64, toBase64 } from './bytes'

describe('base64 of stored byte fields', () => {
  it('round-trips every byte value and matches Node’s encoding', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i)
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
    expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    expect(fromBase64('')).toEqual(new Uint8Array(0))
  })

  it('refuses text that is not canonical padded base64', () => {
    for (const text of ['abc', 'ab=c', 'YWJj\n', 'YW-_', 'YQ']) expect(() => fromBase64(text)).toThrow('Not base64')
  })
})
