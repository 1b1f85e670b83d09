/**
 * SPEC §5 EVM address: 40 hex characters, optional 0x prefix. The prefix is the
 * lower-case `0x` only; letter case of the hex digits is free, because the SPEC rule is
 * about shape, not the EIP-55 checksum (a wallet may hand us an all-lower-case address).
 */
const EVM_ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/

/**
 * Whether `value` is an EVM address by the SPEC §5 rule.
 *
 * @example
 * isEvmAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // true
 * isEvmAddress('d8da6bf26964af9d7eed9e03e53415d37aa96045')   // true (prefix optional)
 * isEvmAddress('0x123')                                      // false
 */
export function isEvmAddress(value: unknown): value is string {
  return typeof value === 'string' && EVM_ADDRESS.test(value)
}
