/**
 * RPC_REQUEST in the secure page: only SPEC §5's allowed methods, each with its params
 * checked by schema first (sendCalls' `to` / `data`, the capabilities address, …).
 * Reads go to the chain's RPC; signatures are made in this page with the key rebuilt for
 * the session (custody/keyring.ts) after the visitor approves here.
 */
import { getBase58Encoder, getBase64Decoder, getBase64Encoder } from '@solana/kit'
import type { FrameChainId } from '../src/frame/protocol'
import { isSafeRpcMethod, type AllowedRpcMethod, type JsonValue, type RpcTransactionRequest, type SendCallsParameters } from '../src/frame/rpc'
import { validateRpcParams } from '../src/frame/schemas/validate'
import { parseSolanaTransaction, withSolanaSignature } from '../src/shared/solanaTransaction'
import type { SignKind, SignResult } from './custody/signPayload'
import type { Approver } from './approval'
import {
  describeCall,
  describePersonalMessage,
  describeTypedData,
  networkFeeField,
  sponsorshipRefusalFields,
  type ApprovalDetails,
  type ApprovalField,
  type ApprovalSection,
  type CallToDescribe,
  type TokenLookup,
} from './describeRequest'
import type { ChainRpc } from './chainRpc'
import type { SmartAccountSender } from './smartAccount'
import { ReplyError } from './replyError'
import { describeSolanaMessage } from './describeSolanaTransaction'
import { createTokenLookup } from './tokenInfo'
import { refuseOwnerMessage, refuseOwnerTypedData } from './ownerKeyGuard'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

// The solana_* methods carry bytes as base64 (transactions) and base58 (messages,
// signatures): @solana/kit's codecs, named by direction.
const fromBase64 = (text: string): Uint8Array => new Uint8Array(getBase64Encoder().encode(text))
const toBase64 = (bytes: Uint8Array): string => getBase64Decoder().decode(bytes)
const fromBase58 = (text: string): Uint8Array => new Uint8Array(getBase58Encoder().encode(text))

export type RpcContext = {
  /** CAIP-2 chain the frame is on. */
  chainId(): string
  /** The signed-in wallet's addresses, or undefined when nobody is signed in. */
  addresses(): { eip155?: string | undefined; solana?: string | undefined } | undefined
  /** Signs with the signed-in user's key, rebuilt in this page (custody/keyring.ts). */
  sign(kind: SignKind, payload: Record<string, unknown>): Promise<SignResult>
  /**
   * The smart account, when it is the account in effect (then `addresses().eip155` is its
   * address): sends go as user operations, signatures are the account's (ERC-1271/6492).
   */
  smartAccount?: (() => Promise<SmartAccountSender | undefined>) | undefined
  /**
   * The address of the smart account the signed-in EOA owns on this chain, also while the
   * EOA is in effect (undefined when this chain has none): what the EOA is never made to
   * sign for (ownerKeyGuard.ts).
   */
  ownedSmartAccount?: (() => Promise<string | undefined>) | undefined
  rpc: ChainRpc
  approver: Approver
  parentOrigin: string
  dappName(): string | undefined
  randomUUID(): string
  /** Token symbols and decimals for the prompt; default read from the chain (tokenInfo.ts). */
  tokens?: TokenLookup | undefined
}

type Hex = `0x${string}`

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const MAX_BATCHES = 256

/** CAIP-2 id of a request's chain: `eip155:1` from 1, `'eip155:1'` or `'0x1'`. */
export function toCaip2(chainId: FrameChainId): string {
  if (typeof chainId === 'number') return `eip155:${chainId}`
  return chainId
}

function evmChain(caip2: string): number {
  const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
  if (!match) throw new ReplyError(`This request needs an EVM network; the wallet is on ${caip2}`, ProviderRpcCode.ChainDisconnected)
  const chainNumber = Number(match[1])
  // Past 2^53 a number is no longer the chain id it was parsed from: a transaction signed
  // with it would be for another chain than the one shown in the approval.
  if (!Number.isSafeInteger(chainNumber)) throw new ReplyError(`Chain id ${match[1]} is too large for this wallet`, ProviderRpcCode.ChainDisconnected)
  return chainNumber
}

function hex(value: bigint | number): Hex {
  return `0x${value.toString(16)}`
}

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) throw new ReplyError(`The RPC node answered an invalid ${what}`, ProviderRpcCode.InternalError)
  return BigInt(value)
}

function sameAddress(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase()
}

/** Shown when the owner key sends a call to the smart account it owns (its `execute` obeys the owner). */
export function smartAccountCallWarning(smartAccount: string): string {
  return `This transaction calls your smart account ${smartAccount} from the key that owns it: such a call can move everything the smart account holds.`
}

/** Appended to the account line of the approval prompt when the smart account is the sender. */
export const SMART_ACCOUNT_LABEL = ' (smart account)'

const clip = (text: string, length = 2000) => (text.length > length ? `${text.slice(0, length)}…` : text)

/**
 * The Solana network a request is for: the request's or the frame's CAIP-2 chain when it
 * is a Solana one. A Solana transaction names no network (its blockhash ties it to one),
 * so a request on another namespace's chain says so instead of showing that chain.
 */
export function solanaNetwork(chain: string): string {
  return chain.startsWith('solana:') ? chain : 'Solana (no network named: the transaction is valid on the network its blockhash is from)'
}

/**
 * The ERC-7677 `paymasterService` capability of a wallet_sendCalls request: `{ url, optional? }`,
 * or undefined when absent. A malformed one is refused (-32602).
 */
export function paymasterService(capabilities: Record<string, unknown> | undefined): { url: string; optional: boolean } | undefined {
  const service = capabilities?.paymasterService
  if (service === undefined) return undefined
  const { url, optional } = (typeof service === 'object' && service !== null ? service : {}) as { url?: unknown; optional?: unknown }
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw new ReplyError('capabilities.paymasterService.url must be an http(s) URL', ProviderRpcCode.InvalidParams)
  return { url, optional: optional === true }
}

/** A prompt of plain fields (Solana requests). */
const fieldsOnly = (fields: ApprovalField[], message?: ApprovalDetails['message']): ApprovalDetails => ({ sections: [{ fields }], message, warnings: [] })

/**
 * @example
 * const handle = createRpcHandler(context)
 * await handle({ method: 'eth_chainId' }) // '0x1'
 */
export function createRpcHandler(context: RpcContext): (request: { method: string; params?: unknown; chainId?: FrameChainId | undefined }) => Promise<JsonValue> {
  const batches = new Map<string, { chainId: string; hashes: Hex[]; atomic?: boolean }>()

  const evmAddress = (): Hex => {
    const address = context.addresses()?.eip155
    if (address === undefined) throw new ReplyError('Sign in to the embedded wallet first', ProviderRpcCode.Unauthorized)
    return address as Hex
  }
  const solanaAddress = (): string => {
    const address = context.addresses()?.solana
    if (address === undefined) throw new ReplyError('Sign in to the embedded wallet first', ProviderRpcCode.Unauthorized)
    return address
  }
  const ownAddress = (given: string | undefined, field: string): Hex => {
    const mine = evmAddress()
    if (given !== undefined && !sameAddress(given, mine)) throw new ReplyError(`${field} is not this wallet's address`, ProviderRpcCode.Unauthorized)
    return mine
  }
  const tokens = context.tokens ?? createTokenLookup(context.rpc)
  const approve = async (method: string, details: ApprovalDetails) => {
    const approved = await context.approver.confirm({ method, origin: context.parentOrigin, dappName: context.dappName(), details })
    if (!approved) throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
  }
  /** One transaction, or a batch with a section per call; `sender` names the account that sends. */
  const describeCalls = async (chain: string, sender: ApprovalField, calls: CallToDescribe[], ownerOf?: string): Promise<ApprovalDetails> => {
    const described = await Promise.all(calls.map((call) => describeCall(chain, call, tokens)))
    // The owner key may call its smart account's execute: such a call can move all it holds.
    const ownerCall = ownerOf !== undefined && calls.some((call) => sameAddress(call.to ?? undefined, ownerOf) && call.data !== undefined && call.data !== '0x')
    const ownerWarnings = ownerCall ? [smartAccountCallWarning(ownerOf)] : []
    const head = { fields: [sender, { label: 'Network', value: chain }] }
    if (described.length === 1) return { sections: [{ fields: [...head.fields, ...described[0]!.fields] }], warnings: [...ownerWarnings, ...described[0]!.warnings] }
    return {
      sections: [head, ...described.map(({ fields }, index) => ({ heading: `Call ${index + 1}`, fields }))],
      warnings: [...ownerWarnings, ...described.flatMap(({ warnings }) => warnings)],
    }
  }

  /** Fills nonce, gas and fees from the chain: the signer signs only complete transactions. */
  async function prepareTransaction(chain: string, from: Hex, tx: RpcTransactionRequest, nonce?: bigint): Promise<Record<string, unknown>> {
    const chainNumber = evmChain(chain)
    if (tx.chainId !== undefined && BigInt(tx.chainId) !== BigInt(chainNumber)) {
      throw new ReplyError(`The transaction is for chain ${BigInt(tx.chainId)}, the wallet is on ${chain}`, ProviderRpcCode.ChainDisconnected)
    }
    const data = tx.data ?? tx.input
    const call = { from, ...(tx.to ? { to: tx.to } : {}), ...(tx.value ? { value: tx.value } : {}), ...(data ? { data } : {}) }
    const nextNonce = tx.nonce !== undefined ? BigInt(tx.nonce) : (nonce ?? quantity(await context.rpc.request(chain, 'eth_getTransactionCount', [from, 'pending']), 'nonce'))
    const gas = tx.gas !== undefined ? BigInt(tx.gas) : quantity(await context.rpc.request(chain, 'eth_estimateGas', [call]), 'gas estimate')
    let fees: Record<string, unknown>
    if (tx.gasPrice !== undefined) {
      fees = { type: 'legacy', gasPrice: tx.gasPrice }
    } else if (tx.maxFeePerGas !== undefined) {
      fees = { type: 'eip1559', maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? '0x0' }
    } else {
      const block = (await context.rpc.request(chain, 'eth_getBlockByNumber', ['latest', false])) as { baseFeePerGas?: unknown } | null
      if (block !== null && typeof block === 'object' && block.baseFeePerGas !== undefined) {
        const baseFee = quantity(block.baseFeePerGas, 'base fee')
        let priority: bigint
        if (tx.maxPriorityFeePerGas !== undefined) priority = BigInt(tx.maxPriorityFeePerGas)
        else {
          try {
            priority = quantity(await context.rpc.request(chain, 'eth_maxPriorityFeePerGas', []), 'priority fee')
          } catch {
            priority = 1_000_000_000n
          }
        }
        fees = { type: 'eip1559', maxFeePerGas: hex(baseFee * 2n + priority), maxPriorityFeePerGas: hex(priority) }
      } else {
        fees = { type: 'legacy', gasPrice: hex(quantity(await context.rpc.request(chain, 'eth_gasPrice', []), 'gas price')) }
      }
    }
    return {
      from,
      chainId: chainNumber,
      nonce: hex(nextNonce),
      gas: hex(gas),
      ...(tx.to ? { to: tx.to } : {}),
      ...(tx.value ? { value: tx.value } : {}),
      ...(data ? { data } : {}),
      ...(tx.accessList ? { accessList: tx.accessList } : {}),
      ...fees,
    }
  }

  async function sendPrepared(chain: string, prepared: Record<string, unknown>): Promise<Hex> {
    const signed = await context.sign('transaction', prepared)
    if (typeof signed.signedTransaction !== 'string') throw new ReplyError('The signer did not return a transaction', ProviderRpcCode.InternalError)
    const hash = await context.rpc.request(chain, 'eth_sendRawTransaction', [signed.signedTransaction])
    if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new ReplyError('The RPC node did not return a transaction hash', ProviderRpcCode.InternalError)
    return hash as Hex
  }

  /**
   * The visitor approves the smart account's calls with who pays the network fee (the
   * dapp's sponsorship or the account), then they go as one user operation; refuses
   * (nothing sent on chain but the bundle) when the operation reverted. When the account
   * cannot pay and nobody sponsors, the prompt says why and offers only Close.
   */
  async function sendFromSmartAccount(
    smart: SmartAccountSender,
    method: string,
    chain: string,
    from: string,
    calls: { to: string; value?: string | undefined; data?: string | undefined }[],
  ): Promise<Hex> {
    const transactions = calls.map((call) => ({ to: call.to as Hex, value: call.value ? BigInt(call.value) : 0n, data: (call.data ?? '0x') as Hex }))
    const quote = await smart.quoteFee(transactions)
    const details = await describeCalls(chain, { label: 'From', value: `${from}${SMART_ACCOUNT_LABEL}` }, calls)
    const payer = context.dappName() ?? context.parentOrigin
    const cannotPay = quote.sponsored ? undefined : quote.cannotPay
    const approved = await context.approver.confirm({
      method,
      origin: context.parentOrigin,
      dappName: context.dappName(),
      details: {
        ...details,
        sections: [...details.sections, { fields: [...sponsorshipRefusalFields(quote), networkFeeField(quote, payer)] }],
        ...(cannotPay === undefined ? {} : { blocked: cannotPay }),
      },
    })
    // The same refusal as the bundler's AA21 ("didn't pay prefund"), found before sending: the record keeps that code.
    if (cannotPay !== undefined) throw new ReplyError(cannotPay, 'AA21')
    if (!approved) throw new ReplyError('User rejected the request.', ProviderRpcCode.UserRejectedRequest)
    const result = await smart.sendTransaction(transactions, { sponsored: quote.sponsored })
    if (!result.success) throw new ReplyError(`The smart account's call reverted (user operation ${result.userOpHash}, transaction ${result.transactionHash})`, ProviderRpcCode.InternalError)
    return result.transactionHash
  }

  /** Who owns a token account, from the chain (a receiver of tokens is named by its owner). */
  const tokenOwnerOn =
    (chain: string) =>
    async (tokenAccount: string): Promise<string | undefined> => {
      if (!context.rpc.has(chain)) return undefined
      const info = (await context.rpc.request(chain, 'getAccountInfo', [tokenAccount, { encoding: 'jsonParsed' }])) as { value?: { data?: { parsed?: { info?: { owner?: unknown } } } } } | null
      const owner = info?.value?.data?.parsed?.info?.owner
      return typeof owner === 'string' ? owner : undefined
    }

  /**
   * The prompt of Solana transactions: account, network and action, then what each
   * instruction of each transaction does (SOL and SPL transfers with their amount and
   * receiver). With `refuseUndecoded` (a batch), one transaction that is not a Solana
   * transaction refuses the whole request: a batch is shown whole or not signed.
   */
  async function describeSolana(chain: string, action: string, transactions: readonly string[], { refuseUndecoded = false } = {}): Promise<ApprovalDetails> {
    const head: ApprovalSection = {
      fields: [
        { label: 'Account', value: solanaAddress() },
        { label: 'Network', value: solanaNetwork(chain) },
        { label: 'Action', value: action },
      ],
    }
    const sections: ApprovalSection[] = [head]
    for (const [index, transaction] of transactions.entries()) {
      const parsed = parseSolanaTransaction(fromBase64(transaction))
      const described = parsed ? await describeSolanaMessage(parsed.message, tokenOwnerOn(chain)) : undefined
      if (described === undefined) {
        if (refuseUndecoded)
          throw new ReplyError(`Transaction ${index + 1} of ${transactions.length} is not a Solana transaction the wallet can show, so the batch is refused`, ProviderRpcCode.InvalidParams)
        continue
      }
      const prefix = transactions.length > 1 ? `Transaction ${index + 1} of ${transactions.length}, ` : ''
      sections.push(...described.map((section) => ({ ...section, heading: section.heading === undefined ? undefined : `${prefix}${section.heading}` })))
    }
    return { sections, warnings: [] }
  }

  async function signSolana(transaction: string): Promise<{ signature: string; transaction: string }> {
    const address = solanaAddress()
    const bytes = fromBase64(transaction)
    const parsed = parseSolanaTransaction(bytes)
    if (parsed === undefined) throw new ReplyError('transaction is not a serialized Solana transaction', ProviderRpcCode.InvalidParams)
    if (!parsed.signers.includes(address)) throw new ReplyError("The transaction does not list this wallet's address among its signers", ProviderRpcCode.Unauthorized)
    const { signature } = await context.sign('solana_signTransaction', { message: toBase64(parsed.message) })
    if (typeof signature !== 'string') throw new ReplyError('The signer did not return a signature', ProviderRpcCode.InternalError)
    const signed = withSolanaSignature(bytes, address, fromBase58(signature))
    return { signature, transaction: toBase64(signed) }
  }

  return async function handle({ method, params, chainId }): Promise<JsonValue> {
    const checked = validateRpcParams(method, params)
    if (!checked.ok) throw new ReplyError(checked.error, checked.error.startsWith('RPC method') ? 4200 : ProviderRpcCode.InvalidParams)
    const name: AllowedRpcMethod = checked.method
    const chain = chainId === undefined ? context.chainId() : toCaip2(chainId)
    const list = (params ?? []) as unknown[]

    switch (name) {
      case 'eth_chainId':
        return hex(evmChain(chain))
      case 'eth_accounts':
      case 'eth_requestAccounts': {
        const address = context.addresses()?.eip155
        return address === undefined ? [] : [address]
      }
      case 'personal_sign': {
        const [message, address] = list as [string, Hex]
        const from = ownAddress(address, 'params[1]')
        const smart = await context.smartAccount?.()
        if (!smart) refuseOwnerMessage(message, await context.ownedSmartAccount?.())
        await approve(name, describePersonalMessage(`${from}${smart ? SMART_ACCOUNT_LABEL : ''}`, message))
        if (smart) return smart.signMessage(message)
        const { signature } = await context.sign('personal_sign', { message, address: from })
        return signature ?? null
      }
      case 'eth_signTypedData_v4': {
        const [address, raw] = list as [Hex, string | Record<string, JsonValue>]
        const from = ownAddress(address, 'params[0]')
        let typedData: unknown = raw
        if (typeof raw === 'string') {
          try {
            typedData = JSON.parse(raw)
          } catch {
            throw new ReplyError('params[1] is not JSON typed data', ProviderRpcCode.InvalidParams)
          }
        }
        if (typeof typedData !== 'object' || typedData === null || Array.isArray(typedData)) throw new ReplyError('params[1] is not typed data', ProviderRpcCode.InvalidParams)
        const { domain, types, primaryType, message } = typedData as Record<string, unknown>
        const smart = await context.smartAccount?.()
        if (!smart) refuseOwnerTypedData(typedData as Record<string, unknown>, await context.ownedSmartAccount?.())
        await approve(name, await describeTypedData({ account: `${from}${smart ? SMART_ACCOUNT_LABEL : ''}`, chain, typedData: typedData as Record<string, unknown> }, tokens))
        if (smart) return smart.signTypedData({ domain: (domain ?? {}) as never, types: types as never, primaryType: String(primaryType), message: message as never })
        const { signature } = await context.sign('typedData', { address: from, domain: domain ?? {}, types, primaryType, message })
        return signature ?? null
      }
      case 'eth_sendTransaction': {
        const [tx] = list as [RpcTransactionRequest]
        const from = ownAddress(tx.from, 'params[0].from')
        const smart = await context.smartAccount?.()
        if (smart) {
          // A user operation through the bundler; the answer is the bundle's transaction hash once mined (docs/smart-accounts.md).
          if (tx.chainId !== undefined && BigInt(tx.chainId) !== BigInt(evmChain(chain)))
            throw new ReplyError(`The transaction is for chain ${BigInt(tx.chainId)}, the wallet is on ${chain}`, ProviderRpcCode.ChainDisconnected)
          if (!tx.to) throw new ReplyError('A smart account cannot deploy a contract with eth_sendTransaction: give params[0].to', ProviderRpcCode.InvalidParams)
          return await sendFromSmartAccount(smart, name, chain, from, [{ to: tx.to, value: tx.value, data: tx.data ?? tx.input }])
        }
        const prepared = await prepareTransaction(chain, from, tx)
        await approve(name, await describeCalls(chain, { label: 'From', value: from }, [{ to: tx.to, value: tx.value, data: tx.data ?? tx.input }], await context.ownedSmartAccount?.()))
        return sendPrepared(chain, prepared)
      }
      case 'wallet_sendCalls': {
        const [request] = list as [SendCallsParameters]
        const from = ownAddress(request.from, 'params[0].from')
        if (BigInt(request.chainId) !== BigInt(evmChain(chain)))
          throw new ReplyError(`The calls are for chain ${BigInt(request.chainId)}, the wallet is on ${chain}`, ProviderRpcCode.UnsupportedChainId)
        if (request.id !== undefined && batches.has(request.id)) throw new ReplyError('A batch with this id has already been submitted', ProviderRpcCode.DuplicateId)
        const smart = await context.smartAccount?.()
        // The EOA sends one transaction per call; only the smart account's single user operation is atomic.
        if (request.atomicRequired === true && !smart) throw new ReplyError('This wallet cannot run calls atomically', ProviderRpcCode.AtomicityNotSupported)
        // ERC-7677: a paymaster the dapp names must be used, unless it says the capability is optional (EIP-5792: 5700 otherwise).
        const service = paymasterService(request.capabilities)
        if (service !== undefined && !service.optional && (!smart || !smart.isOwnPaymaster(service.url))) {
          throw new ReplyError(
            smart
              ? `This wallet reaches only its own paymaster (${service.url.slice(0, 200)} is elsewhere); mark paymasterService optional to let the wallet choose`
              : 'This account cannot use a paymaster: only the smart account sends user operations',
            ProviderRpcCode.UnsupportedNonOptionalCapability,
          )
        }
        if (smart) {
          if (request.calls.some((call) => !call.to)) throw new ReplyError('A smart account cannot deploy a contract in wallet_sendCalls: give every call a to', ProviderRpcCode.InvalidParams)
          const hash = await sendFromSmartAccount(
            smart,
            name,
            chain,
            from,
            request.calls.map((call) => ({ to: call.to as Hex, value: call.value, data: call.data })),
          )
          const id = request.id ?? context.randomUUID()
          if (batches.size >= MAX_BATCHES) batches.delete(batches.keys().next().value as string)
          batches.set(id, { chainId: chain, hashes: [hash], atomic: true })
          return { id }
        }
        await approve(name, await describeCalls(chain, { label: 'From', value: from }, request.calls, await context.ownedSmartAccount?.()))
        let nonce = quantity(await context.rpc.request(chain, 'eth_getTransactionCount', [from, 'pending']), 'nonce')
        const hashes: Hex[] = []
        for (const call of request.calls) {
          const prepared = await prepareTransaction(chain, from, { to: call.to, ...(call.data ? { data: call.data } : {}), ...(call.value ? { value: call.value } : {}) }, nonce)
          hashes.push(await sendPrepared(chain, prepared))
          nonce += 1n
        }
        const id = request.id ?? context.randomUUID()
        if (batches.size >= MAX_BATCHES) batches.delete(batches.keys().next().value as string)
        batches.set(id, { chainId: chain, hashes })
        return { id }
      }
      case 'wallet_getCallsStatus': {
        const [id] = list as [string]
        const batch = batches.get(id)
        if (batch === undefined) throw new ReplyError('No batch with this id is known to the wallet', ProviderRpcCode.UnknownBundleId)
        const receipts = await Promise.all(batch.hashes.map((hash) => context.rpc.request(batch.chainId, 'eth_getTransactionReceipt', [hash])))
        const done = receipts.filter((receipt): receipt is Record<string, JsonValue> => typeof receipt === 'object' && receipt !== null)
        const succeeded = done.filter((receipt) => receipt.status === '0x1').length
        const status = done.length < receipts.length ? 100 : succeeded === done.length ? 200 : succeeded === 0 ? 500 : 600
        const result: Record<string, JsonValue> = { version: '2.0.0', id, chainId: hex(evmChain(batch.chainId)), status, atomic: batch.atomic === true }
        if (done.length > 0) {
          result.receipts = done.map((receipt) => ({
            logs: Array.isArray(receipt.logs) ? receipt.logs : [],
            status: receipt.status ?? null,
            blockHash: receipt.blockHash ?? null,
            blockNumber: receipt.blockNumber ?? null,
            gasUsed: receipt.gasUsed ?? null,
            transactionHash: receipt.transactionHash ?? null,
          }))
        }
        return result
      }
      case 'wallet_getCapabilities': {
        const [address, chainIds] = list as [Hex, Hex[] | undefined]
        ownAddress(address, 'params[0]')
        const current = evmChain(chain)
        const ids = chainIds ?? [hex(current)]
        // The smart account in effect runs a batch as one user operation (atomic) on the current chain.
        const smart = await context.smartAccount?.()
        // The smart account also takes an ERC-7677 paymaster (its own server's), there and then.
        return Object.fromEntries(
          ids.map((id) => {
            const here = smart !== undefined && BigInt(id) === BigInt(current)
            return [id, { atomic: { status: here ? 'supported' : 'unsupported' }, ...(here ? { paymasterService: { supported: true } } : {}) }]
          }),
        )
      }
      case 'wallet_grantPermissions':
      case 'wallet_revokePermissions':
        throw new ReplyError(`${name} is not supported by this wallet: permissions need a smart account`, ProviderRpcCode.UnsupportedMethod)
      case 'wallet_getAssets': {
        const [request] = list as [{ account: Hex; chainFilter?: Hex[] }]
        const account = ownAddress(request.account, 'params[0].account')
        const chains = (request.chainFilter ?? [hex(evmChain(chain))]).map((id) => ({ id, caip2: `eip155:${BigInt(id)}` })).filter(({ caip2 }) => context.rpc.has(caip2))
        const entries = await Promise.all(
          chains.map(async ({ id, caip2 }) => {
            const balance = quantity(await context.rpc.request(caip2, 'eth_getBalance', [account, 'latest']), 'balance')
            const assets: JsonValue = [{ address: 'native', balance: hex(balance), type: 'native' }]
            return [hex(BigInt(id)), assets] as const
          }),
        )
        return Object.fromEntries(entries)
      }
      case 'solana_signMessage': {
        const { message, pubkey } = params as { message: string; pubkey: string }
        const address = solanaAddress()
        if (pubkey !== address) throw new ReplyError("pubkey is not this wallet's address", ProviderRpcCode.Unauthorized)
        let bytes: Uint8Array
        try {
          bytes = fromBase58(message)
        } catch {
          throw new ReplyError('message must be base58', ProviderRpcCode.InvalidParams)
        }
        let text: string
        try {
          text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        } catch {
          text = `${bytes.length} bytes`
        }
        await approve(name, fieldsOnly([{ label: 'Account', value: address }], { label: 'Message', text: clip(text) }))
        const { signature } = await context.sign('solana_signMessage', { message: toBase64(bytes) })
        if (typeof signature !== 'string') throw new ReplyError('The signer did not return a signature', ProviderRpcCode.InternalError)
        return { signature }
      }
      case 'solana_signTransaction': {
        const { transaction } = params as { transaction: string }
        await approve(name, await describeSolana(chain, 'Sign 1 transaction', [transaction]))
        return signSolana(transaction)
      }
      case 'solana_signAllTransactions': {
        const { transactions } = params as { transactions: string[] }
        await approve(name, await describeSolana(chain, `Sign ${transactions.length} transactions`, transactions, { refuseUndecoded: true }))
        const signed: string[] = []
        for (const transaction of transactions) signed.push((await signSolana(transaction)).transaction)
        return { transactions: signed }
      }
      case 'solana_signAndSendTransaction': {
        const { transaction, sendOptions } = params as { transaction: string; sendOptions?: Record<string, JsonValue> }
        if (!chain.startsWith('solana:')) throw new ReplyError(`This request needs a Solana network; the wallet is on ${chain}`, ProviderRpcCode.ChainDisconnected)
        await approve(name, await describeSolana(chain, 'Send 1 transaction', [transaction]))
        const signed = await signSolana(transaction)
        const signature = await context.rpc.request(chain, 'sendTransaction', [signed.transaction, { ...sendOptions, encoding: 'base64' }])
        if (typeof signature !== 'string') throw new ReplyError('The RPC node did not return a signature', ProviderRpcCode.InternalError)
        return { signature }
      }
      default: {
        // The remaining allowed methods are eth_* reads: the chain answers them.
        if (!isSafeRpcMethod(name)) throw new ReplyError(`RPC method '${name}' is not allowed by the embedded wallet`, ProviderRpcCode.UnsupportedMethod)
        const result = await context.rpc.request(chain, name, list)
        return (result ?? null) as JsonValue
      }
    }
  }
}
