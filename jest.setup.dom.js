// jsdom lacks a few web APIs that viem and crypto.randomUUID callers need.
const { TextEncoder, TextDecoder } = require('node:util')
const { webcrypto } = require('node:crypto')
if (!globalThis.TextEncoder) globalThis.TextEncoder = TextEncoder
if (!globalThis.TextDecoder) globalThis.TextDecoder = TextDecoder
if (!globalThis.crypto?.subtle || !globalThis.crypto?.randomUUID) {
  Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true })
}
