import { webcrypto } from 'node:crypto'
import { newMessageId } from './protocol'
import { MESSAGE_ID_PATTERN } from './schemas/patterns'

const uuid = new RegExp(MESSAGE_ID_PATTERN)

describe('newMessageId', () => {
  it('uses crypto.randomUUID where the context has it', () => {
    const secure = {
      randomUUID: () => '3b241101-e2bb-4255-8caf-4136c566a962' as const,
      getRandomValues: () => {
        throw new Error('randomUUID should have been used')
      },
    }
    const id = newMessageId(secure)
    expect(id).toBe('3b241101-e2bb-4255-8caf-4136c566a962')
  })

  it('builds a version-4 UUID from getRandomValues in an insecure context (no randomUUID), accepted by the message schema', () => {
    // Only getRandomValues, as in a page served over plain http from a LAN address.
    const insecure: Pick<Crypto, 'getRandomValues'> = { getRandomValues: (array) => webcrypto.getRandomValues(array as unknown as Uint8Array) as never }
    const ids = Array.from({ length: 500 }, () => newMessageId(insecure))
    for (const id of ids) expect(id).toMatch(uuid)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('sets the version and variant bits whatever the random bytes are', () => {
    const filled = (byte: number): Pick<Crypto, 'getRandomValues'> => ({ getRandomValues: (array) => (array as unknown as Uint8Array).fill(byte) as never })
    const allOnes = filled(0xff)
    const allZeros = filled(0)
    expect(newMessageId(allOnes)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff')
    expect(newMessageId(allZeros)).toBe('00000000-0000-4000-8000-000000000000')
  })
})
