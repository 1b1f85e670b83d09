/**
 * The embedded wallet's smart account (SPEC §3 account type `smartAccount`): a Safe 1.4.1
 * with Safe's ERC-4337 module 0.3.0 (audited, at the same addresses on every public
 * chain: docs/smart-accounts.md), the user's EOA its one owner. The secure page builds
 * its user operations with viem and permissionless's `toSafeSmartAccount`, has the owner
 * sign them (EIP-712 `SafeOp`, with the frame's key: it never leaves the page), then sends
 * them to the bundler through the server (`/auth/v1/bundler`, with the session; the
 * server forwards to the chain's bundler, Alto). `accountType.ts` makes one per user and
 * chain when the user's account type in effect is `smartAccount`.
 */
import { type Address, BaseError, type Chain, type Hex, HttpRequestError, type PublicClient, RpcRequestError, type TypedDataDefinition, createPublicClient, defineChain, http, size, toHex } from 'viem'
import { toAccount } from 'viem/accounts'
import { type SmartAccount, createBundlerClient, createPaymasterClient, entryPoint07Address } from 'viem/account-abstraction'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { ReplyError } from './replyError'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

export type SmartAccountSenderOptions = {
  chainId: number
  /** The chain's JSON-RPC endpoint (nonces, fees, the factory's proxy code for the address). */
  rpcUrl: string
  /** The bundler endpoint with its query, e.g. `${apiUrl}/auth/v1/bundler?projectId=…&chainId=eip155:1`. */
  bundlerUrl: string
  /** Safe's proxy factory on this chain, as the server announces it (`GET /auth/v1/smart-accounts`). */
  factoryAddress: Address
  /** The user's EOA: owns the smart account. */
  owner: Address
  /**
   * EIP-191 signature of the 32 raw bytes `hash` by `owner`: the Safe's `SafeMessage` hash
   * of a personal_sign from the smart account (Safe's "eth_sign" signature form).
   */
  signHash(hash: Hex): Promise<Hex>
  /** EIP-712 signature by `owner`: the Safe's `SafeOp` (every user operation) and `SafeMessage` (typed data from the smart account). */
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>
  /** The session's headers for a call to the bundler endpoint (SecureApi.sessionHeaders); the server refuses it without them. */
  sessionHeaders?: ((target: { method: string; url: string }) => Promise<Record<string, string>>) | undefined
  /**
   * The server's ERC-7677 paymaster, e.g. `${apiUrl}/auth/v1/paymaster?projectId=…&chainId=eip155:1`
   * (called with the session like the bundler). Without it the account always pays its own gas.
   */
  paymasterUrl?: string | undefined
  fetch?: typeof fetch
}

/** Issue 29's sentence: the account can pay neither the calls' value nor the network fee. */
export const NO_ETH_FOR_FEE = 'This account has no ETH to pay the network fee'

/**
 * Who pays the network fee of a send, found before the visitor approves it:
 * - `sponsored`: the dapp's sponsorship policy covers the calls (the paymaster's stub answered);
 * - otherwise the account pays `fee` wei at most, and `refusal` says why the paymaster
 *   declined (absent when there is no paymaster); `cannotPay` says why the account cannot
 *   send at all (no ETH for the fee), in which case nothing may be approved.
 */
export type FeeQuote = { sponsored: true } | { sponsored: false; fee?: bigint | undefined; refusal?: string | undefined; cannotPay?: string | undefined }

export type SmartAccountTransaction = { to: Address; value?: bigint | undefined; data?: Hex | undefined }

export type SmartAccountSender = {
  /** The account's address (counterfactual until its first operation). */
  address(): Promise<Address>
  /** Whether the account exists on chain yet (SPEC §3 `smartAccountDeployed`). */
  isDeployed(): Promise<boolean>
  /**
   * Whether a dapp's ERC-7677 `paymasterService.url` is this wallet's own paymaster (the
   * server's origin): the only paymaster the secure page may reach (its CSP allows the API
   * and the RPC nodes only), asked through its session route.
   */
  isOwnPaymaster(url: string): boolean
  /** Who pays the calls' network fee: the dapp's paymaster when its policy covers them, else the account (how much, and whether it can). */
  quoteFee(calls: readonly SmartAccountTransaction[]): Promise<FeeQuote>
  /**
   * Sends the calls as one user operation, through the paymaster when `sponsored`;
   * resolves with the bundle's transaction hash once mined.
   */
  sendTransaction(calls: readonly SmartAccountTransaction[], options?: { sponsored?: boolean }): Promise<{ userOpHash: Hex; transactionHash: Hex; success: boolean }>
  /**
   * personal_sign from the smart account: the owner signs the Safe's `SafeMessage` of the
   * message's EIP-191 hash, which the Safe's ERC-1271 `isValidSignature` checks. A
   * counterfactual account's signature is wrapped in ERC-6492 (factory and factory data),
   * so viem's public `verifyMessage` accepts it before the account exists. `message`
   * follows personal_sign: 0x-hex is raw bytes.
   */
  signMessage(message: string): Promise<Hex>
  /** eth_signTypedData_v4 from the smart account, as `signMessage` (the `SafeMessage` of the typed data's hash; ERC-6492 when counterfactual). */
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>
}

/**
 * @example
 * const sender = createSmartAccountSender({ chainId: 1, rpcUrl, bundlerUrl, factoryAddress, owner, signHash: (hash) => sign('personal_sign', { message: hash, address: owner }) })
 * const { transactionHash } = await sender.sendTransaction([{ to, value: 10n ** 17n }])
 */
export function createSmartAccountSender(options: SmartAccountSenderOptions): SmartAccountSender {
  const chain: Chain = defineChain({
    id: options.chainId,
    name: `eip155:${options.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [options.rpcUrl] } },
  })
  const fetchOptions = options.fetch ? { fetchFn: options.fetch } : {}
  const client = createPublicClient({ chain, transport: http(options.rpcUrl, fetchOptions) }) as PublicClient
  const baseFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const sessionHeaders = options.sessionHeaders
  // Each call to the bundler carries the session, with a proof made for that call.
  const bundlerFetch: typeof fetch = async (input, init) => {
    if (sessionHeaders === undefined) return baseFetch(input, init)
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = new Headers(init?.headers)
    for (const [name, value] of Object.entries(await sessionHeaders({ method: init?.method ?? 'POST', url }))) headers.set(name, value)
    return baseFetch(input, { ...init, headers: Object.fromEntries(headers.entries()) })
  }
  const bundler = createBundlerClient({
    client,
    transport: http(options.bundlerUrl, { fetchFn: bundlerFetch }),
    // The fees the bundler itself asks for (Alto refuses an operation priced below them), else the chain's estimate.
    userOperation: { estimateFeesPerGas: async ({ bundlerClient }) => (await bundlerGasPrice(bundlerClient)) ?? client.estimateFeesPerGas() },
  })
  const paymaster = options.paymasterUrl === undefined ? undefined : createPaymasterClient({ transport: http(options.paymasterUrl, { fetchFn: bundlerFetch, retryCount: 0 }) })
  const unsupported = async (): Promise<never> => {
    throw new Error("The smart account's owner signs only the Safe's own operations and messages")
  }
  const owner = toAccount({
    address: options.owner,
    // Only the 32-byte SafeMessage hash of a message the visitor approved (the Safe's "eth_sign" form).
    async signMessage({ message }) {
      if (typeof message === 'string') return unsupported()
      const raw = typeof message.raw === 'string' ? message.raw : toHex(message.raw)
      if (size(raw) !== 32) return unsupported()
      return options.signHash(raw)
    },
    signTransaction: unsupported,
    signTypedData: (typedData) => options.signTypedData(typedData as TypedDataDefinition),
  })
  let account: Promise<SmartAccount> | undefined
  const smartAccount = () =>
    (account ??= toSafeSmartAccount({
      client,
      owners: [owner],
      version: '1.4.1',
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      safeProxyFactoryAddress: options.factoryAddress,
    }).catch((error: unknown) => {
      account = undefined
      throw error
    }))

  const toCalls = (calls: readonly SmartAccountTransaction[]) => calls.map((call) => ({ to: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }) as const)

  return {
    address: async () => (await smartAccount()).getAddress(),
    isDeployed: async () => (await smartAccount()).isDeployed(),
    isOwnPaymaster(url) {
      if (options.paymasterUrl === undefined) return false
      try {
        return new URL(url).origin === new URL(options.paymasterUrl).origin
      } catch {
        return false
      }
    },
    async quoteFee(calls) {
      const account = await smartAccount()
      let refusal: string | undefined
      if (paymaster !== undefined) {
        try {
          const partial = await bundler.prepareUserOperation({ account, calls: toCalls(calls), parameters: ['factory', 'fees', 'nonce'] })
          await paymaster.getPaymasterStubData({ ...partial, chainId: options.chainId, entryPointAddress: account.entryPoint.address })
          return { sponsored: true }
        } catch (error) {
          refusal = paymasterRefusal(error)
        }
      }
      const total = calls.reduce((sum, call) => sum + (call.value ?? 0n), 0n)
      const balance = await client.getBalance({ address: await account.getAddress() })
      try {
        const op = await bundler.prepareUserOperation({ account, calls: toCalls(calls), parameters: ['factory', 'fees', 'gas', 'nonce'] })
        const fee = (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas) * op.maxFeePerGas
        return { sponsored: false, fee, refusal, ...(balance < fee + total ? { cannotPay: NO_ETH_FOR_FEE } : {}) }
      } catch (error) {
        // The EntryPoint's "didn't pay prefund": the account holds less than the fee.
        if (error instanceof BaseError && /AA21/.test(error.message)) return { sponsored: false, refusal, cannotPay: NO_ETH_FOR_FEE }
        throw bundlerRefusal(error, chain.nativeCurrency.symbol)
      }
    },
    async sendTransaction(calls, sendOptions = {}) {
      const account = await smartAccount()
      const sponsor = sendOptions.sponsored === true && paymaster !== undefined ? { paymaster } : {}
      const userOpHash = await bundler.sendUserOperation({ account, calls: toCalls(calls), ...sponsor }).catch((error: unknown) => {
        const refusal = sponsor.paymaster === undefined ? undefined : paymasterRefusal(error)
        if (refusal !== undefined) throw new ReplyError(`Gas sponsorship was refused: ${refusal}; the user operation was not sent`, ProviderRpcCode.InternalError)
        throw bundlerRefusal(error, chain.nativeCurrency.symbol)
      })
      const receipt = await bundler.waitForUserOperationReceipt({ hash: userOpHash, pollingInterval: 250, timeout: 60_000 }).catch(() => {
        // Sent: the bundler took it, so it may still land. Say so, with the hash to look it up by.
        throw new ReplyError(`The user operation ${userOpHash} was sent, but its receipt could not be read; look it up before sending again`, ProviderRpcCode.InternalError)
      })
      return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success }
    },
    // viem wraps a counterfactual account's signature in ERC-6492 itself.
    signMessage: async (message) => (await smartAccount()).signMessage({ message: /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as Hex } : message }),
    signTypedData: async (typedData) => (await smartAccount()).signTypedData(typedData),
  }
}

/** The bundler's `fast` fees (pimlico_getUserOperationGasPrice, Alto's), or undefined when it has no such method. */
async function bundlerGasPrice(bundler: { request: (args: never) => Promise<unknown> }): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | undefined> {
  let prices: unknown
  try {
    prices = await bundler.request({ method: 'pimlico_getUserOperationGasPrice', params: [] } as never)
  } catch (error) {
    if (error instanceof BaseError && error.walk((e) => e instanceof RpcRequestError && e.code === ProviderRpcCode.MethodNotFound) !== null) return undefined
    throw error
  }
  const fast = (prices as { fast?: { maxFeePerGas?: unknown; maxPriorityFeePerGas?: unknown } } | null)?.fast
  const quantity = (value: unknown) => (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value) ? BigInt(value) : undefined)
  const maxFeePerGas = quantity(fast?.maxFeePerGas)
  const maxPriorityFeePerGas = quantity(fast?.maxPriorityFeePerGas)
  return maxFeePerGas === undefined || maxPriorityFeePerGas === undefined ? undefined : { maxFeePerGas, maxPriorityFeePerGas }
}

/**
 * What the bundler (or the server in front of it) said when it refused or could not be
 * reached (an account without the native coin for the fee: "This account has no ETH to
 * pay the network fee", code 'AA21'), as the error the page answers with (replyError.ts passes on only its own
 * errors); anything else as it was thrown, e.g. the owner's refusal to sign.
 */
function bundlerRefusal(error: unknown, nativeSymbol: string): unknown {
  if (!(error instanceof BaseError)) return error
  const rpc = error.walk((e) => e instanceof RpcRequestError || e instanceof HttpRequestError)
  // ERC-4337's AA21 "didn't pay prefund": the account cannot pay the operation's fee.
  // Said in words, with the bundler's reason as the code (the dapp's error record keeps it).
  if (rpc instanceof RpcRequestError && /\bAA21\b/.test(rpc.details)) return new ReplyError(`This account has no ${nativeSymbol} to pay the network fee`, 'AA21')
  if (rpc instanceof RpcRequestError) {
    // The server's own word when the bundler is down (server/accountAbstraction/routes.ts); the bundler's refusal otherwise.
    const code = typeof rpc.data === 'object' && rpc.data !== null ? String((rpc.data as { code?: unknown }).code) : ''
    // Unavailable: nothing was forwarded, whichever call it was (fees, estimate or the send itself).
    if (code === 'BUNDLER_UNAVAILABLE') return new ReplyError(rpc.details.endsWith('was not sent') ? rpc.details : `${rpc.details}; the user operation was not sent`, rpc.code)
    return new ReplyError(/^BUNDLER_/.test(code) ? rpc.details : `The bundler refused the user operation: ${rpc.details}`, rpc.code)
  }
  if (rpc instanceof HttpRequestError) {
    if (rpc.status === 401) return new ReplyError('Sign in to the embedded wallet again: the session was not accepted; the user operation was not sent', 'UNAUTHORIZED')
    return new ReplyError(
      rpc.status === undefined ? 'The bundler could not be reached; the user operation was not sent' : `The bundler endpoint answered HTTP ${rpc.status}; the user operation was not sent`,
      ProviderRpcCode.InternalError,
    )
  }
  return error
}

/**
 * The paymaster's reason when it declined to sponsor (server/accountAbstraction/paymasterRoutes.ts,
 * JSON-RPC -32001 with `data.code` SPONSORSHIP_…), or undefined for any other failure.
 */
function paymasterRefusal(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined
  const rpc = error.walk((e) => e instanceof RpcRequestError)
  if (!(rpc instanceof RpcRequestError)) {
    // 404: this server has no paymaster (PAYMASTER_ADDRESS unset); nothing to say.
    const http = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null
    return http === null || http.status === 404 ? undefined : 'the paymaster could not be reached'
  }
  const code = typeof rpc.data === 'object' && rpc.data !== null ? String((rpc.data as { code?: unknown }).code) : ''
  return code.startsWith('SPONSORSHIP_') ? rpc.details : undefined
}
