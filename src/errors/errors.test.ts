import { EstimateGasExecutionError, HttpRequestError, InsufficientFundsError, TimeoutError, TransactionExecutionError, BaseError as ViemBaseError } from 'viem'
import {
  ChainNotSupportedError,
  ErrorMessages,
  ErrorTemplates,
  FrameLoadError,
  FrameRequestTimeoutError,
  FrameResponseError,
  HttpInvalidJsonError,
  HttpNetworkError,
  HttpStatusError,
  HttpTimeoutError,
  NotConnectedError,
  PorticoError,
  RpcCodes,
  RpcError,
  ServiceError,
  SiweAndSiwxConflictError,
  SwitchChainNotSupportedError,
  WalletSessionError,
  toRecord,
  toRpcError,
} from '.'
import { toNodeError } from './toNodeError'

describe('PorticoError', () => {
  it('keeps the short message for visitors and adds details and meta lines for developers', () => {
    const error = new PorticoError('Network not found', { details: 'eip155:99 is not configured', metaMessages: ['Networks: eip155:1'] })
    expect(error.shortMessage).toBe('Network not found')
    expect(error.message).toBe('Network not found\n\nNetworks: eip155:1\n\nDetails: eip155:99 is not configured')
    expect(error).toBeInstanceOf(Error)
  })

  it('walks the cause chain to the error a caller looks for', () => {
    const root = { code: 4001, message: 'User rejected' }
    const error = new PorticoError('outer', { cause: new PorticoError('middle', { cause: root }) })
    expect(error.walk()).toBe(root)
    expect(error.walk((e) => (e as { code?: number }).code === 4001)).toBe(root)
    expect(error.walk((e) => e === 'nothing')).toBeNull()
  })

  it('subclasses form one hierarchy', () => {
    expect(new ChainNotSupportedError()).toBeInstanceOf(PorticoError)
    expect(new FrameLoadError()).toBeInstanceOf(PorticoError)
    expect(new HttpStatusError(500, 'http://x')).toBeInstanceOf(PorticoError)
  })
})

describe('SPEC §8 messages', () => {
  it.each([
    ['tokenBalanceUnavailable', 'Token Balance Unavailable'],
    ['networkNotSupportedForGasPrice', 'Network not supported for Gas Price'],
    ['networkNotSupportedForSwaps', 'Network not supported for Swaps'],
    ['failedToDisconnect', 'Failed to disconnect'],
    ['chainNotSupported', 'Chain is not supported'],
    ['networkNotFound', 'Network not found'],
    ['addressOrAuthConnectorNotFound', 'Address or auth connector not found'],
    ['errorResolvingName', 'Error resolving name'],
    ['errorFetchingNameSuggestions', 'Error fetching name suggestions'],
    ['errorRegisteringName', 'Error registering name'],
    ['amountAndReceiverRequired', 'An amount and receiver address are required'],
    ['tokenRequired', 'A token is required'],
    ['unsupportedChain', 'Unsupported chain'],
    ['unableToLoadEmailLoginDependency', 'Unable to load email login dependency'],
    ['requestWasAborted', 'Request was aborted'],
    ['somethingWentWrong', 'Something went wrong'],
    ['anErrorOccurred', 'An error occurred'],
    ['iframeNotSet', 'W3mFrame: iframe is not set'],
    ['parentNotSet', 'W3mFrame: parent is not set'],
    ['callConnectBeforeRequest', 'Please call connect() before request()'],
    ['signClientNotInitialized', 'Sign Client not initialized'],
    ['fetchingCallStatusNotApproved', 'Fetching call status not approved by the wallet.'],
    ['noRpcUrlForChainId', 'No RPC url provided for chainId'],
    ['failedToFetchTransactions', 'Failed to fetch transactions'],
    ['signatureDeclined', 'Signature declined'],
    ['problemInitializingAuthentication', 'A problem occurred while trying initialize authentication'],
    ['required', 'Required'],
    ['invalidEmail', 'Invalid email'],
  ] as const)('%s reads "%s"', (key, text) => {
    expect(ErrorMessages[key]).toBe(text)
  })

  it('fills the templated messages exactly', () => {
    expect(ErrorTemplates.tryAgainAfter(30)).toBe('Please try again after 30 seconds')
    expect(new SwitchChainNotSupportedError(10).shortMessage).toBe(
      "Failed to switch to chain 'eip155:10'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method.",
    )
    expect(WalletSessionError.namespaceNotConfigured('solana').shortMessage).toBe("Namespace 'solana' is not configured. Please call connect() first with namespace config.")
    expect(WalletSessionError.providerNotFound('eip155:1').shortMessage).toBe('JSON-RPC provider for eip155:1 not found')
    expect(new HttpStatusError(404, 'http://x/y').shortMessage).toBe('HTTP status code: 404')
    expect(ErrorTemplates.userOperationReceipt(502)).toBe('Failed to fetch user operation receipt - 502')
  })

  it('reports frame failures with their analytics codes', () => {
    expect(new FrameLoadError().code).toBe('iframe_load_failed')
    expect(new FrameRequestTimeoutError().code).toBe('iframe_request_timeout')
    expect(new FrameResponseError(undefined).shortMessage).toBe('An error occurred')
    expect(new FrameResponseError('Invalid code').shortMessage).toBe('Invalid code')
  })

  it('gives each HTTP failure its own ServiceError class, code and URL', () => {
    const cause = new TypeError('fetch failed')
    const cases = [
      [new HttpTimeoutError('http://x/a', 100), 'HttpTimeoutError', 'http/timeout', 'The request took longer than 100 ms.'],
      [new HttpNetworkError('http://x/a', { cause }), 'HttpNetworkError', 'http/network', 'The network request failed.'],
      [new HttpInvalidJsonError('http://x/a', { cause }), 'HttpInvalidJsonError', 'http/invalid-json', 'The service answered with a body that is not JSON.'],
    ] as const
    for (const [error, name, code, shortMessage] of cases) {
      expect(error).toBeInstanceOf(ServiceError)
      expect(error).toMatchObject({ name, code, shortMessage, url: 'http://x/a', metaMessages: ['URL: http://x/a'] })
    }
    expect(new HttpNetworkError('http://x/a', { cause }).message).toBe('The network request failed.\n\nURL: http://x/a\n\nDetails: fetch failed')
  })

  it('gives an HTTP status its own code and keeps the status as the remote code', () => {
    expect(new HttpStatusError(404, 'http://x/y')).toMatchObject({ code: 'http/status', remoteCode: 404, status: 404 })
  })

  it('names the siwe/siwx conflict', () => {
    expect(new SiweAndSiwxConflictError().code).toBe('config/siwe-siwx-conflict')
  })

  it('says the siwe/siwx conflict and a missing connection by key, in the same English', () => {
    expect(new SiweAndSiwxConflictError()).toMatchObject({ messageKey: 'siweAndSiwxConflict', shortMessage: 'Set either siweConfig or siwx, not both.' })
    expect(new NotConnectedError('solana')).toMatchObject({
      messageKey: 'notConnected',
      messageParams: { namespace: 'solana' },
      shortMessage: "No wallet is connected for 'solana'. Connect one through the Portico modal first.",
      code: 'wallet/not-connected',
    })
  })
})

describe('JSON-RPC and wallet codes', () => {
  it.each([
    [-32700, 'ParseError'],
    [-32600, 'InvalidRequest'],
    [-32601, 'MethodNotFound'],
    [-32602, 'InvalidParams'],
    [-32603, 'InternalError'],
    [-32000, 'InvalidInput'],
    [-32001, 'ResourceNotFound'],
    [-32002, 'ResourceUnavailable'],
    [-32003, 'TransactionRejected'],
    [-32004, 'MethodNotSupported'],
    [-32005, 'LimitExceeded'],
    [-32006, 'JsonRpcVersionUnsupported'],
    [4001, 'UserRejectedRequest'],
    [4100, 'Unauthorized'],
    [4200, 'UnsupportedMethod'],
    [4900, 'ProviderDisconnected'],
    [4901, 'ChainDisconnected'],
    [4902, 'SwitchChainError'],
    [5000, 'UserRejected'],
    [32603, 'InternalError'],
  ])('code %i is %s', (code, name) => {
    const error = new RpcError(code)
    expect(error.rpcName).toBe(name)
    expect(error.code).toBe(code)
    expect(error.remoteCode).toBe(code)
    expect(error.shortMessage).toBe(RpcCodes[code as keyof typeof RpcCodes].message)
  })

  it('covers the wallet capability range 5700-5760', () => {
    for (const code of [5700, 5710, 5720, 5730, 5740, 5750, 5760]) expect(new RpcError(code).rpcName).not.toBe('UnknownRpcError')
  })

  it('treats 4001 and 5000 as the visitor saying no', () => {
    expect(new RpcError(4001).isUserRejection).toBe(true)
    expect(new RpcError(5000).isUserRejection).toBe(true)
    expect(new RpcError(-32603).isUserRejection).toBe(false)
  })

  it('turns a raw EIP-1193 error into an RpcError that keeps the wallet message as details', () => {
    const raw = { code: 4902, message: 'Unrecognized chain ID "0x2105".' }
    const error = toRpcError(raw)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).rpcName).toBe('SwitchChainError')
    expect(error.details).toBe('Unrecognized chain ID "0x2105".')
    expect(error.cause).toBe(raw)
  })

  it('keeps unknown codes and plain errors readable', () => {
    expect((toRpcError({ code: 1234, message: 'odd' }) as RpcError).rpcName).toBe('UnknownRpcError')
    expect(toRpcError({ code: 1234, message: 'odd' })).toMatchObject({ code: 'rpc/unknown', remoteCode: 1234 })
    expect(toRpcError('boom').shortMessage).toBe('boom')
    expect(toRpcError(undefined).shortMessage).toBe('An unknown error occurred.')
  })
})

describe('node errors', () => {
  it.each([
    ['insufficient funds for gas * price + value', 'insufficientFunds'],
    ['nonce too low', 'nonceTooLow'],
    ['nonce too high', 'nonceTooHigh'],
    ['max fee per gas less than block base fee', 'feeCapTooLow'],
    ['intrinsic gas too low', 'gasTooLow'],
    ['intrinsic gas too high', 'gasTooHigh'],
    ['execution reverted: ERC20: transfer amount exceeds balance', 'executionReverted'],
  ] as const)('maps "%s" to %s with a readable message', (nodeMessage, kind) => {
    const error = toNodeError({ code: -32000, message: nodeMessage })
    expect(error?.kind).toBe(kind)
    expect(error?.shortMessage).not.toBe(nodeMessage)
    expect(error?.shortMessage).toMatch(/^[A-Z].*\.$/)
    expect(error?.cause).toEqual({ code: -32000, message: nodeMessage })
  })

  it('finds viem node errors deep in a cause chain', () => {
    const viemError = new TransactionExecutionError(new InsufficientFundsError({ cause: new ViemBaseError('insufficient funds') }), {
      account: undefined,
      chain: undefined,
    } as never)
    expect(toNodeError(viemError)?.kind).toBe('insufficientFunds')
  })

  it('returns undefined for anything else', () => {
    expect(toNodeError(new Error('user rejected'))).toBeUndefined()
  })

  it("says a transaction that carries no value has no native coin for its fee, in the network's symbol, keeping the node code", () => {
    const refusal = { code: -32000, message: 'insufficient funds for gas * price + value' }
    const feeOnly = toNodeError(refusal, { nativeSymbol: 'ETH', feeOnly: true })
    expect(feeOnly).toMatchObject({ code: 'node/insufficientFunds', shortMessage: 'This account has no ETH to pay the network fee', messageParams: { symbol: 'ETH' } })
    expect(toNodeError(refusal, { nativeSymbol: 'POL', feeOnly: true })?.shortMessage).toBe('This account has no POL to pay the network fee')
    // With a value, the shortfall may be the amount: the amount-plus-fee sentence.
    expect(toNodeError(refusal, { nativeSymbol: 'ETH', feeOnly: false })?.messageKey).toBe('nodeInsufficientFunds')
  })
})

describe("a library's own English is said in Portico's words (issue 33)", () => {
  const url = 'http://127.0.0.1:8545'
  it.each([
    ["viem's HttpRequestError (a node that is down)", new HttpRequestError({ url, body: { method: 'eth_estimateGas' } }), 'networkDidNotAnswer', 'HTTP request failed.'],
    ["viem's TimeoutError (a node that hangs)", new TimeoutError({ url, body: { method: 'eth_estimateGas' } }), 'networkDidNotAnswer', 'The request took too long to respond.'],
    [
      "the same under viem's estimateGas wrapper",
      new EstimateGasExecutionError(new HttpRequestError({ url, body: {} }), { account: undefined } as never),
      'networkDidNotAnswer',
      'HTTP request failed.',
    ],
    ["WalletConnect's publish failure", new Error('Failed to publish payload, please try again. id:1779 tag:1108'), 'walletConnectionLost', 'Failed to publish payload'],
    ["the sign-client's request expiry", new Error('Request expired. Please try again.'), 'walletDidNotAnswer', 'Request expired.'],
  ] as const)('%s', (_, error, key, original) => {
    const portico = toRpcError(error)
    expect(portico.messageKey).toBe(key)
    expect(portico.shortMessage).toBe(ErrorMessages[key])
    expect(portico.details).toContain(original)
    expect(toRecord(error)).toMatchObject({ key: `errors.${key}`, params: {} })
  })

  it("a wallet forwarding a library sentence keeps its code, and says it in Portico's words", () => {
    const error = new RpcError(-32603, { message: 'The request took too long to respond.' })
    expect(error.code).toBe(-32603)
    expect(toRecord(error)).toEqual({ code: -32603, key: 'errors.networkDidNotAnswer', params: {} })
  })

  it('other text still passes through untranslated', () => {
    expect(toRecord(new Error('Ledger device locked'))).toMatchObject({ key: 'errors.untranslated', params: { message: 'Ledger device locked' } })
  })
})
