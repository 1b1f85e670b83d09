import { ChainNamespaces, type ChainNamespace } from '../config/constants'
import { ValidationError, type ValidationIssue } from '../errors'
import type { CaipAddress, CaipNetworkId } from '../types/network'

/**
 * Namespaces that count as known. Defaults to SPEC §3's `ChainNamespaces`; the plugin
 * registry passes its own list so that a third-party plugin's namespace counts too.
 */
export type KnownNamespaces = readonly string[]

export type ParsedCaipNetworkId = {
  namespace: ChainNamespace | (string & {})
  reference: string
  caipNetworkId: CaipNetworkId
}

export type ParsedCaipAddress = ParsedCaipNetworkId & {
  address: string
  caipAddress: CaipAddress
}

/** Longest input echoed back in an error, so a hostile value cannot flood a log. */
const ECHO_LIMIT = 80

function echo(value: unknown): string {
  if (typeof value !== 'string') return typeof value
  return JSON.stringify(value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value)
}

/**
 * Splits `value` into exactly `count` colon-separated parts and lists what is wrong.
 * SPEC §5 asks for non-empty parts and a known namespace, nothing more: references and
 * addresses are checked by the namespace's plugin, not here.
 */
function check(value: unknown, names: readonly string[], namespaces: KnownNamespaces): { parts: string[]; issues: ValidationIssue[] } {
  if (typeof value !== 'string') return { parts: [], issues: [{ path: '', message: 'Expected a string' }] }
  const parts = value.split(':')
  if (parts.length !== names.length) {
    return { parts, issues: [{ path: '', message: `Expected ${names.length} parts separated by ':' (${names.join(':')})` }] }
  }
  const issues: ValidationIssue[] = []
  parts.forEach((part, index) => {
    if (part === '') issues.push({ path: names[index] ?? '', message: 'Required' })
  })
  const namespace = parts[0] ?? ''
  if (namespace !== '' && !namespaces.includes(namespace)) {
    issues.push({ path: 'namespace', message: `Unknown namespace '${namespace.slice(0, ECHO_LIMIT)}'` })
  }
  return { parts, issues }
}

const NETWORK_ID_PARTS = ['namespace', 'reference'] as const
const ADDRESS_PARTS = ['namespace', 'reference', 'address'] as const

/**
 * Whether `value` is a CAIP-2 network id: `namespace:reference`, both non-empty, with a
 * known namespace.
 *
 * @example
 * isCaipNetworkId('eip155:1')                        // true
 * isCaipNetworkId('polkadot:91b171bb158e2d3848fa23a9f1c25182') // true (a SPEC §3 namespace)
 * isCaipNetworkId('near:mainnet')                    // false: unknown namespace
 * isCaipNetworkId('near:mainnet', ['near'])          // true
 */
export function isCaipNetworkId(value: unknown, namespaces: KnownNamespaces = ChainNamespaces): value is CaipNetworkId {
  return check(value, NETWORK_ID_PARTS, namespaces).issues.length === 0
}

/**
 * SPEC §5 CAIP address: `namespace:reference:address`, three non-empty parts with a
 * known namespace.
 *
 * @example
 * isCaipAddress('eip155:1:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045') // true
 * isCaipAddress('eip155::0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')  // false: empty reference
 * isCaipAddress('foo:1:0xabc')                                          // false: unknown namespace
 */
export function isCaipAddress(value: unknown, namespaces: KnownNamespaces = ChainNamespaces): value is CaipAddress {
  return check(value, ADDRESS_PARTS, namespaces).issues.length === 0
}

/**
 * Parses a CAIP-2 network id into its parts, or throws `ValidationError('Invalid CAIP
 * network id')` listing each failing part.
 *
 * @example
 * parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
 * // { namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', caipNetworkId: 'solana:5eykt...' }
 */
export function parseCaipNetworkId(value: unknown, namespaces: KnownNamespaces = ChainNamespaces): ParsedCaipNetworkId {
  const { parts, issues } = check(value, NETWORK_ID_PARTS, namespaces)
  const [namespace, reference] = parts
  if (issues.length > 0 || namespace === undefined || reference === undefined) {
    throw new ValidationError('Invalid CAIP network id', issues, { details: `Expected namespace:reference, got ${echo(value)}.` })
  }
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}` }
}

/**
 * Parses a CAIP-10 account id (`namespace:reference:address`) into its parts, or throws
 * `ValidationError('Invalid CAIP address')` listing each failing part.
 *
 * @example
 * const { address, caipNetworkId } = parseCaipAddress('eip155:10:0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
 * // address: '0xd8dA...6045', caipNetworkId: 'eip155:10'
 */
export function parseCaipAddress(value: unknown, namespaces: KnownNamespaces = ChainNamespaces): ParsedCaipAddress {
  const { parts, issues } = check(value, ADDRESS_PARTS, namespaces)
  const [namespace, reference, address] = parts
  if (issues.length > 0 || namespace === undefined || reference === undefined || address === undefined) {
    throw new ValidationError('Invalid CAIP address', issues, { details: `Expected namespace:reference:address, got ${echo(value)}.` })
  }
  return {
    namespace,
    reference,
    address,
    caipNetworkId: `${namespace}:${reference}`,
    caipAddress: `${namespace}:${reference}:${address}`,
  }
}
