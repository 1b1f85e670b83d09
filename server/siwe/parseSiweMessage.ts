/**
 * EIP-4361 (Sign-In with Ethereum) messages, parsed strictly against the EIP's ABNF:
 *
 *     [ scheme "://" ] domain " wants you to sign in with your Ethereum account:" LF
 *     address LF
 *     LF
 *     [ statement LF ]
 *     LF
 *     "URI: " uri LF
 *     "Version: 1" LF
 *     "Chain ID: " chain-id LF
 *     "Nonce: " nonce LF
 *     "Issued At: " issued-at
 *     [ LF "Expiration Time: " expiration-time ]
 *     [ LF "Not Before: " not-before ]
 *     [ LF "Request ID: " request-id ]
 *     [ LF "Resources:" *( LF "- " URI ) ]
 *
 * Lines are separated by LF alone and the message ends with its last field. Beyond the
 * ABNF: the address must be EIP-55 checksummed (the EIP asks for it; lower case is not),
 * and the chain id a positive safe integer without leading zeros (`1*DIGIT` admits `01`,
 * which EIP-155 never issues).
 *
 * viem's `parseSiweMessage` is deliberately lenient (any field order, any address case,
 * any date `Date` reads), so the verifier parses for itself. What the message means for
 * this server (domain, times, chain) is checked in checkSiweMessage.ts.
 */
import { type Address, checksumAddress } from 'viem'
import { AUTHORITY, PCHARS, SCHEME, STATEMENT, URI } from './rfc3986'
import { parseRfc3339DateTime } from './rfc3339'

export interface SiweMessageFields {
  /** The scheme before the domain, when the message names one (`https://example.com wants you…`). */
  scheme?: string
  /** An RFC 3986 authority: `example.com`, `localhost:5173`. */
  domain: string
  address: Address
  statement?: string
  uri: string
  version: '1'
  chainId: number
  nonce: string
  issuedAt: Date
  expirationTime?: Date
  notBefore?: Date
  requestId?: string
  resources?: string[]
}

/** Which part of the message broke the grammar. */
export type SiweMessagePart = 'header' | 'address' | 'statement' | 'uri' | 'version' | 'chainId' | 'nonce' | 'issuedAt' | 'expirationTime' | 'notBefore' | 'requestId' | 'resources' | 'end'

export type ParseSiweMessageResult = { ok: true; fields: SiweMessageFields } | { ok: false; part: SiweMessagePart; reason: string }

const HEADER = new RegExp(`^(?:(${SCHEME})://)?(${AUTHORITY}) wants you to sign in with your Ethereum account:$`)
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const STATEMENT_LINE = new RegExp(`^${STATEMENT}$`)
const URI_LINE = new RegExp(`^${URI}$`)
const REQUEST_ID = new RegExp(`^${PCHARS}$`)
const CHAIN_ID = /^[1-9][0-9]*$/
const NONCE = /^[A-Za-z0-9]{8,}$/

class GrammarError extends Error {
  constructor(
    readonly part: SiweMessagePart,
    reason: string,
  ) {
    super(reason)
  }
}

/** At most this much of a line is quoted back, so a hostile message cannot flood a reply or a log. */
const QUOTE_LIMIT = 80

function quote(text: string): string {
  const clipped = text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text
  return `'${clipped.replace(/[^\x20-\x7e]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)}'`
}

function dateTime(part: SiweMessagePart, label: string, text: string): Date {
  const at = parseRfc3339DateTime(text)
  if (at === undefined) throw new GrammarError(part, `${label} must be an RFC 3339 date-time such as 2021-09-30T16:25:24Z, not ${quote(text)}`)
  return new Date(at)
}

function uri(part: SiweMessagePart, label: string, text: string): string {
  if (!URI_LINE.test(text)) throw new GrammarError(part, `${label} must be an RFC 3986 URI, not ${quote(text)}`)
  return text
}

/** The optional fields after Issued At, each at most once, in the only order EIP-4361 allows. */
const OPTIONAL_FIELDS = [
  { part: 'expirationTime', label: 'Expiration Time: ' },
  { part: 'notBefore', label: 'Not Before: ' },
  { part: 'requestId', label: 'Request ID: ' },
  { part: 'resources', label: 'Resources:' },
] as const

function read(lines: readonly string[]): SiweMessageFields {
  let cursor = 0
  const field = (part: SiweMessagePart, label: string): string => {
    const line = lines[cursor]
    if (line === undefined || !line.startsWith(label)) {
      throw new GrammarError(part, `line ${cursor + 1} must be '${label}…', not ${line === undefined ? 'the end of the message' : quote(line)}`)
    }
    cursor++
    return line.slice(label.length)
  }

  const header = HEADER.exec(lines[0] ?? '')
  if (header === null) throw new GrammarError('header', "the first line must be '[scheme://]domain wants you to sign in with your Ethereum account:', the domain an RFC 3986 authority")
  const [, scheme, domain = ''] = header
  const address = lines[1] ?? ''
  if (!ADDRESS.test(address)) throw new GrammarError('address', `line 2 must be the address, 0x and 40 hexadecimal digits, not ${quote(address)}`)
  if (checksumAddress(address as Address) !== address) throw new GrammarError('address', `the address must be EIP-55 checksummed (${checksumAddress(address as Address)}), not ${address}`)
  if (lines[2] !== '') throw new GrammarError('address', 'line 3 must be empty')

  // address LF LF [ statement LF ] LF "URI: ": no statement is two empty lines.
  let statement: string | undefined
  if (lines[3]?.startsWith('URI: ')) throw new GrammarError('statement', 'without a statement, two empty lines come between the address and URI')
  if (lines[3] === '' && lines[4] !== '') cursor = 4
  else {
    statement = lines[3] ?? ''
    if (!STATEMENT_LINE.test(statement)) {
      throw new GrammarError('statement', `the statement may hold only printable ASCII letters, digits, spaces and RFC 3986 reserved characters, not ${quote(statement)}`)
    }
    if (lines[4] !== '') throw new GrammarError('statement', 'the statement must be one line (no line break), followed by an empty line')
    cursor = 5
  }

  const uriText = uri('uri', 'URI', field('uri', 'URI: '))
  if (field('version', 'Version: ') !== '1') throw new GrammarError('version', "Version must be '1'")
  const chainText = field('chainId', 'Chain ID: ')
  const chainId = Number(chainText)
  if (!CHAIN_ID.test(chainText) || !Number.isSafeInteger(chainId)) {
    throw new GrammarError('chainId', `Chain ID must be an EIP-155 chain id (a positive integer without leading zeros), not ${quote(chainText)}`)
  }
  const nonce = field('nonce', 'Nonce: ')
  if (!NONCE.test(nonce)) throw new GrammarError('nonce', `Nonce must be at least 8 letters and digits, not ${quote(nonce)}`)
  const issuedAt = dateTime('issuedAt', 'Issued At', field('issuedAt', 'Issued At: '))

  const fields: SiweMessageFields = { domain, address: address as Address, uri: uriText, version: '1', chainId, nonce, issuedAt }
  if (scheme !== undefined) fields.scheme = scheme
  if (statement !== undefined) fields.statement = statement
  for (const { part, label } of OPTIONAL_FIELDS) {
    if (!lines[cursor]?.startsWith(label)) continue
    const value = field(part, label)
    if (part === 'expirationTime') fields.expirationTime = dateTime(part, 'Expiration Time', value)
    else if (part === 'notBefore') fields.notBefore = dateTime(part, 'Not Before', value)
    else if (part === 'requestId') {
      if (!REQUEST_ID.test(value)) throw new GrammarError(part, `Request ID may hold only RFC 3986 path characters, not ${quote(value)}`)
      fields.requestId = value
    } else {
      if (value !== '') throw new GrammarError(part, "'Resources:' must be alone on its line, each resource on a line of its own after it")
      fields.resources = []
      while (cursor < lines.length) fields.resources.push(uri(part, 'Each resource', field(part, '- ')))
    }
  }
  if (cursor < lines.length) {
    throw new GrammarError(
      'end',
      `line ${cursor + 1} (${quote(lines[cursor] ?? '')}) is out of place: after Issued At come Expiration Time, Not Before, Request ID and Resources, each at most once and in that order, and nothing after them`,
    )
  }
  return fields
}

/**
 * Parses `message` strictly (EIP-4361's ABNF, EIP-55 address); on failure says which part
 * is wrong and why.
 *
 * @example
 * const parsed = parseSiweMessage(message)
 * if (!parsed.ok) throw new Error(`${parsed.part}: ${parsed.reason}`)
 * parsed.fields.chainId // 1
 */
export function parseSiweMessage(message: string): ParseSiweMessageResult {
  try {
    return { ok: true, fields: read(message.split('\n')) }
  } catch (error) {
    if (error instanceof GrammarError) return { ok: false, part: error.part, reason: error.message }
    throw error
  }
}
