// viem's EIP-4361 helpers, in a module of their own so the SIWX saga loads them on first
// sign-in: a static viem import in the first-load code would pull viem's shared chunks in
// with it (bench/sizeBudget.test.ts).
export { getAddress } from 'viem'
export { createSiweMessage, generateSiweNonce } from 'viem/siwe'
