// jsdom lacks a few web APIs that viem and crypto.randomUUID callers need.
const { TextEncoder, TextDecoder } = require('node:util')
const { webcrypto } = require('node:crypto')
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder
if (!globalThis.crypto?.subtle || !globalThis.crypto?.randomUUID) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}
// Each test starts with an empty localStorage, as a first visit would.
if (typeof afterEach === 'function' && globalThis.localStorage) afterEach(() => globalThis.localStorage.clear())
