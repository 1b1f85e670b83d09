/**
 * What the approval prompt shows: each signing request decoded into labelled fields, so
 * the visitor reads what they sign (the message as text, the contract, the spender, the
 * amount) instead of raw hex or JSON, and sees a warning for an unlimited approval.
 * Pure functions; token symbols and decimals come from a lookup the caller gives.
 */
import { decodeFunctionData, erc20Abi, formatUnits, hexToBytes, maxUint160, type Hex } from 'viem'

export type ApprovalField = { label: string; value: string }

/** A group of fields; a batch of calls has one per call. */
export type ApprovalSection = { heading?: string | undefined; fields: ApprovalField[] }

export type ApprovalDetails = {
  sections: ApprovalSection[]
  /** The signed text or data in full, shown in its own scrollable block. */
  message?: { label: string; text: string } | undefined
  /** Shown first, as alerts (unlimited approvals, a signature for another chain, blind signing). */
  warnings: string[]
  /**
   * A statement the visitor must tick before Approve is enabled: the second deliberate
   * step of a request whose meaning the prompt cannot show (bytes that are not text).
   */
  acknowledgement?: string | undefined
  /**
   * Why the request cannot be sent at all (e.g. no ETH for the network fee): the prompt
   * shows it and offers only Close, never Approve.
   */
  blocked?: string | undefined
}

export type TokenInfo = { symbol: string; decimals: number }

/** Symbol and decimals of an ERC-20 token on a CAIP-2 chain; undefined when unknown. */
export type TokenLookup = (chain: string, token: Hex) => Promise<TokenInfo | undefined>

/** The Permit2 contract (Uniswap), the same address on every chain. */
export const PERMIT2_ADDRESS = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/
/** Control characters (but line breaks and tabs) and bidirectional overrides can hide or reorder what a text says. */
const HIDING_CHARACTERS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u
/** Shown for a personal_sign of bytes that are not text (blind signing). */
export const BLIND_SIGNING_WARNING =
  'These bytes are not text, so this prompt cannot show what they mean. A signature of unreadable bytes can authorise a transaction or a transfer of your funds. Sign only if you know what they are.'
/** The box the visitor ticks before approving a blind signature. */
export const BLIND_SIGNING_ACKNOWLEDGEMENT = 'I understand that this signature could authorise a transaction or a transfer of my funds'

/**
 * An amount this large lets the spender take everything, now and later: ERC-20 and
 * EIP-2612 use 2^256-1, Permit2's allowances are uint160 and use 2^160-1.
 */
export function isUnlimitedAmount(amount: bigint): boolean {
  return amount >= maxUint160
}

/** The warning shown for an unlimited allowance. */
export function unlimitedWarning(spender: string, token: string, info: TokenInfo | undefined): string {
  return `Unlimited approval: ${spender} may spend all of your ${info ? info.symbol : 'tokens'} (token ${token}), now and later, until you revoke it.`
}

/** 10^18 wei → '1 ETH'; exact. */
export function formatNative(wei: bigint): string {
  return `${formatUnits(wei, 18)} ETH`
}

/**
 * The approval's network-fee line of a smart-account send: who pays it. Sponsored, the
 * dapp (by the name it gave itself, else its origin); otherwise the account, at most `fee`.
 *
 * @example
 * networkFeeField({ sponsored: true }, 'Shop') // { label: 'Network fee', value: 'paid by Shop' }
 * networkFeeField({ sponsored: false, fee: 21_000_000_000_000n }, 'Shop') // { label: 'Network fee', value: 'up to 0.000021 ETH' }
 */
export function networkFeeField(quote: { sponsored: boolean; fee?: bigint | undefined }, dappName: string): ApprovalField {
  if (quote.sponsored) return { label: 'Network fee', value: `paid by ${dappName}` }
  return { label: 'Network fee', value: quote.fee === undefined ? 'paid by this account' : `up to ${formatNative(quote.fee)}` }
}

/**
 * Why the dapp's paymaster did not sponsor, in its own words (the policy's reason: another
 * chain, a contract it does not list, the daily limit and when it resets), or no field.
 */
export function sponsorshipRefusalFields(quote: { sponsored: boolean; refusal?: string | undefined }): ApprovalField[] {
  return quote.sponsored || quote.refusal === undefined ? [] : [{ label: 'Not sponsored', value: quote.refusal }]
}

/** A token amount in the token's units when its decimals are known, else the raw integer. */
export function formatTokenAmount(amount: bigint, info: TokenInfo | undefined): string {
  if (isUnlimitedAmount(amount)) return `Unlimited ${info ? info.symbol : ''}`.trim()
  return info ? `${formatUnits(amount, info.decimals)} ${info.symbol}` : `${amount} (base units; the token's decimals are unknown)`
}

function toBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^(?:0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return BigInt(value)
  return undefined
}

const record = (value: unknown): Record<string, unknown> | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined)

const address = (value: unknown): Hex | undefined => (typeof value === 'string' && ADDRESS.test(value) ? (value as Hex) : undefined)

/** A Unix time in seconds as an ISO date, or 'never' for the usual "no expiry" values. */
function formatDeadline(value: unknown): string {
  const seconds = toBigInt(value)
  if (seconds === undefined) return String(value)
  if (seconds >= 2n ** 47n) return 'never'
  return new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')
}

/**
 * personal_sign's message: UTF-8 text when the bytes are printable text, hex otherwise
 * (0x-hex is the bytes signed, anything else is the text itself, as the frame signs it).
 */
export function describePersonalMessage(account: string, message: string): ApprovalDetails {
  let text = message
  let encoding = 'Text'
  let blind = false
  if (HEX_BYTES.test(message)) {
    const bytes = hexToBytes(message as Hex)
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
      // Control characters other than line breaks and tabs can hide what follows them.
      if (HIDING_CHARACTERS.test(text.replace(/[\n\r\t]/g, ''))) throw new Error('not text')
      encoding = 'UTF-8 text'
    } catch {
      text = message
      encoding = `Hex (${bytes.length} bytes, not text)`
      blind = true
    }
  }
  return {
    sections: [
      {
        fields: [
          { label: 'Account', value: account },
          { label: 'Message format', value: encoding },
        ],
      },
    ],
    message: { label: 'Message', text },
    warnings: blind ? [BLIND_SIGNING_WARNING] : [],
    ...(blind ? { acknowledgement: BLIND_SIGNING_ACKNOWLEDGEMENT } : {}),
  }
}

type TypedField = { name: string; type: string }

/** A value of an atomic EIP-712 type as one line (JSON for anything that is not a string). */
function atomicText(value: unknown): string {
  if (value === undefined) return '(missing)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/**
 * EIP-712 typed data's message as it is signed: field by field, in the order its
 * `types` give (not the dapp's key order), structs and arrays nested and indented, every
 * value in full. Keys the types do not name are not signed and not shown.
 *
 * @example
 * typedDataText({ Mail: [{ name: 'to', type: 'address' }] }, 'Mail', { to: '0x…' }) // 'to: 0x…'
 */
export function typedDataText(types: Record<string, unknown>, primaryType: string, message: Record<string, unknown>): string {
  const fieldsOf = (type: string): TypedField[] | undefined => {
    const fields = Object.hasOwn(types, type) ? types[type] : undefined
    return Array.isArray(fields) ? fields.filter((field): field is TypedField => typeof record(field)?.name === 'string' && typeof record(field)?.type === 'string') : undefined
  }
  const lines: string[] = []
  const write = (indent: string, label: string, type: string, value: unknown): void => {
    const array = /^(.*)\[[0-9]*\]$/.exec(type)
    if (array !== null) {
      if (!Array.isArray(value)) {
        lines.push(`${indent}${label}: ${atomicText(value)}`)
        return
      }
      lines.push(`${indent}${label}: ${value.length === 0 ? '(empty list)' : `list of ${value.length}`}`)
      value.forEach((item, index) => write(`${indent}  `, `[${index}]`, array[1]!, item))
      return
    }
    const fields = fieldsOf(type)
    const struct = record(value)
    if (fields === undefined || struct === undefined) {
      lines.push(`${indent}${label}: ${atomicText(value)}`)
      return
    }
    lines.push(`${indent}${label} (${type}):`)
    for (const field of fields) write(`${indent}  `, field.name, field.type, struct[field.name])
  }
  const fields = fieldsOf(primaryType)
  if (fields === undefined) return JSON.stringify(message, null, 2)
  for (const field of fields) write('', field.name, field.type, message[field.name])
  return lines.join('\n')
}

type Allowance = { token: Hex; spender: string; amount: bigint | 'all'; expires?: string }

/** The token allowances a typed-data signature grants, when it is a permit we know. */
function permitAllowances(primaryType: string, domain: Record<string, unknown>, message: Record<string, unknown>): Allowance[] | undefined {
  const spender = typeof message.spender === 'string' ? message.spender : undefined
  if (spender === undefined) return undefined
  const verifying = address(domain.verifyingContract)
  // EIP-2612: the token is the verifying contract.
  if (primaryType === 'Permit' && verifying && message.value !== undefined) {
    const amount = toBigInt(message.value)
    return amount === undefined ? undefined : [{ token: verifying, spender, amount, expires: formatDeadline(message.deadline) }]
  }
  // DAI's permit: allowed = true is an unlimited allowance.
  if (primaryType === 'Permit' && verifying && typeof message.allowed === 'boolean') {
    return [{ token: verifying, spender, amount: message.allowed ? 'all' : 0n, expires: formatDeadline(message.expiry) }]
  }
  // Permit2 AllowanceTransfer: details { token, amount (uint160), expiration }.
  if (primaryType === 'PermitSingle' || primaryType === 'PermitBatch') return tokenAmounts(message.details, spender, (item) => item.expiration)
  // Permit2 SignatureTransfer (and its witness variants): permitted { token, amount }.
  if (message.permitted !== undefined) return tokenAmounts(message.permitted, spender, () => message.deadline)
  return undefined
}

/** Permit2's `{ token, amount }` entries (one or a list); undefined when any is malformed. */
function tokenAmounts(entries: unknown, spender: string, deadline: (item: Record<string, unknown>) => unknown): Allowance[] | undefined {
  const allowances: Allowance[] = []
  for (const entry of Array.isArray(entries) ? entries : [entries]) {
    const item = record(entry)
    const token = address(item?.token)
    const amount = toBigInt(item?.amount)
    if (item === undefined || token === undefined || amount === undefined) return undefined
    allowances.push({ token, spender, amount, expires: formatDeadline(deadline(item)) })
  }
  return allowances
}

/**
 * EIP-712 typed data: the contract it is for (domain name, verifying contract, chain),
 * the type, and for permits (EIP-2612, DAI, Permit2) the token, spender and amount.
 */
export async function describeTypedData({ account, chain, typedData }: { account: string; chain: string; typedData: Record<string, unknown> }, lookup: TokenLookup): Promise<ApprovalDetails> {
  const domain = record(typedData.domain) ?? {}
  const message = record(typedData.message) ?? {}
  const primaryType = String(typedData.primaryType)
  const domainChain = toBigInt(domain.chainId)
  const signChain = domainChain === undefined ? chain : `eip155:${domainChain}`
  const warnings: string[] = []
  if (domainChain !== undefined && chain.startsWith('eip155:') && signChain !== chain) warnings.push(`This signature is for chain ${domainChain}; the wallet is on ${chain}.`)
  const fields: ApprovalField[] = [
    { label: 'Account', value: account },
    ...(typeof domain.name === 'string' ? [{ label: 'Contract', value: domain.name + (typeof domain.version === 'string' ? ` (version ${domain.version})` : '') }] : []),
    ...(domain.verifyingContract !== undefined ? [{ label: 'Verifying contract', value: String(domain.verifyingContract) }] : []),
    ...(domainChain !== undefined ? [{ label: 'Chain', value: domainChain.toString() }] : []),
    { label: 'Type', value: primaryType },
  ]
  const sections: ApprovalSection[] = [{ fields }]
  const allowances = permitAllowances(primaryType, domain, message)
  if (allowances) {
    for (const [index, allowance] of allowances.entries()) {
      const info = await lookup(signChain, allowance.token)
      const unlimited = allowance.amount === 'all' || isUnlimitedAmount(allowance.amount)
      if (unlimited) warnings.push(unlimitedWarning(allowance.spender, allowance.token, info))
      sections.push({
        heading: allowances.length > 1 ? `Allowance ${index + 1}` : 'Allowance',
        fields: [
          { label: 'Token', value: info ? `${info.symbol} (${allowance.token})` : allowance.token },
          { label: 'Spender', value: allowance.spender },
          { label: 'Amount', value: allowance.amount === 'all' ? `Unlimited ${info?.symbol ?? ''}`.trim() : formatTokenAmount(allowance.amount, info) },
          ...(allowance.expires !== undefined ? [{ label: 'Expires', value: allowance.expires }] : []),
        ],
      })
    }
  }
  return { sections, message: { label: 'Full message', text: typedDataText(record(typedData.types) ?? {}, primaryType, message) }, warnings }
}

function decodeErc20Call(data: string) {
  if (!HEX_BYTES.test(data)) return undefined
  try {
    return decodeFunctionData({ abi: erc20Abi, data: data as Hex })
  } catch {
    return undefined
  }
}

export type CallToDescribe = { to?: string | null | undefined; value?: string | undefined; data?: string | undefined }

/**
 * A transaction or one call of a batch: recipient, value, and the data decoded when it
 * calls an ERC-20 function (approve, transfer, transferFrom); otherwise its selector.
 */
export async function describeCall(chain: string, call: CallToDescribe, lookup: TokenLookup): Promise<{ fields: ApprovalField[]; warnings: string[] }> {
  const fields: ApprovalField[] = [
    { label: 'To', value: call.to ?? '(new contract)' },
    { label: 'Value', value: formatNative(call.value ? BigInt(call.value) : 0n) },
  ]
  const warnings: string[] = []
  const data = call.data
  if (data === undefined || data === '0x') return { fields, warnings }
  const size = `${(data.length - 2) / 2} bytes`
  const decoded = decodeErc20Call(data)
  const token = address(call.to)
  if (decoded === undefined || token === undefined) {
    fields.push({ label: 'Data', value: `${data.slice(0, 10)} (${size}, not decoded)` })
    return { fields, warnings }
  }
  const info = await lookup(chain, token)
  fields.push({ label: 'Function', value: `${decoded.functionName} (${data.slice(0, 10)})` }, { label: 'Token', value: info ? `${info.symbol} (${token})` : token })
  switch (decoded.functionName) {
    case 'approve': {
      const [spender, amount] = decoded.args
      fields.push({ label: 'Spender', value: spender }, { label: 'Amount', value: formatTokenAmount(amount, info) })
      if (isUnlimitedAmount(amount)) warnings.push(unlimitedWarning(spender, token, info))
      break
    }
    case 'transfer': {
      const [recipient, amount] = decoded.args
      fields.push({ label: 'Recipient', value: recipient }, { label: 'Amount', value: formatTokenAmount(amount, info) })
      break
    }
    case 'transferFrom': {
      const [from, recipient, amount] = decoded.args
      fields.push({ label: 'From', value: from }, { label: 'Recipient', value: recipient }, { label: 'Amount', value: formatTokenAmount(amount, info) })
      break
    }
    default:
      fields.push({ label: 'Data', value: size })
  }
  return { fields, warnings }
}
