/**
 * RFC 3986 (URI generic syntax) as regular expressions, assembled rule by rule from its
 * collected ABNF (appendix A), for the EIP-4361 fields that reference it: `scheme`,
 * `domain` (an `authority`), `uri` and each resource (a `URI`), `statement` (reserved,
 * unreserved and space) and `request-id` (`*pchar`).
 *
 * No rule repeats a group whose characters another repetition around it could also take
 * (each character class excludes the delimiter that starts the next part), so matching
 * stays linear however hostile the input.
 */

const HEXDIG = '0-9A-Fa-f'
const UNRESERVED = 'A-Za-z0-9\\-._~'
const SUB_DELIMS = "!$&'()*+,;="
const GEN_DELIMS = ':/?#\\[\\]@'
const PCT_ENCODED = `%[${HEXDIG}]{2}`

const pchar = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT_ENCODED})`
const segment = `${pchar}*`
const segmentNz = `${pchar}+`

const decOctet = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])'
const ipv4Address = `${decOctet}(?:\\.${decOctet}){3}`
const h16 = `[${HEXDIG}]{1,4}`
const ls32 = `(?:${h16}:${h16}|${ipv4Address})`
const ipv6Address = `(?:${[
  `(?:${h16}:){6}${ls32}`,
  `::(?:${h16}:){5}${ls32}`,
  `(?:${h16})?::(?:${h16}:){4}${ls32}`,
  `(?:(?:${h16}:){0,1}${h16})?::(?:${h16}:){3}${ls32}`,
  `(?:(?:${h16}:){0,2}${h16})?::(?:${h16}:){2}${ls32}`,
  `(?:(?:${h16}:){0,3}${h16})?::${h16}:${ls32}`,
  `(?:(?:${h16}:){0,4}${h16})?::${ls32}`,
  `(?:(?:${h16}:){0,5}${h16})?::${h16}`,
  `(?:(?:${h16}:){0,6}${h16})?::`,
].join('|')})`
const ipvFuture = `v[${HEXDIG}]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`
const ipLiteral = `\\[(?:${ipv6Address}|${ipvFuture})\\]`
/** IPv4address is also a reg-name, so the alternative adds nothing to what matches. */
const regName = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT_ENCODED})*`
const host = `(?:${ipLiteral}|${regName})`
const userinfo = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT_ENCODED})*`

/** `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` */
export const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*'
/** `authority = [ userinfo "@" ] host [ ":" port ]` */
export const AUTHORITY = `(?:${userinfo}@)?${host}(?::[0-9]*)?`

const pathAbempty = `(?:/${segment})*`
const pathAbsolute = `/(?:${segmentNz}(?:/${segment})*)?`
const pathRootless = `${segmentNz}(?:/${segment})*`
const hierPart = `(?://${AUTHORITY}${pathAbempty}|${pathAbsolute}|${pathRootless}|)`
const queryOrFragment = `(?:${pchar}|[/?])*`

/** `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` */
export const URI = `${SCHEME}:${hierPart}(?:\\?${queryOrFragment})?(?:#${queryOrFragment})?`
/** `*( reserved / unreserved / " " )`: EIP-4361's statement, one line of printable ASCII less `"%<>\^`{|}`. */
export const STATEMENT = `[${GEN_DELIMS}${SUB_DELIMS}${UNRESERVED} ]*`
/** `*pchar`: EIP-4361's request-id. */
export const PCHARS = `${pchar}*`

const uriShape = new RegExp(`^${URI}$`)

/**
 * @example
 * isUri('https://example.com/login') // true
 * isUri('ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/') // true
 * isUri('/login') // false: a relative reference, not a URI
 * isUri('https://example.com/a b') // false: a space must be percent-encoded
 */
export function isUri(text: string): boolean {
  return uriShape.test(text)
}
