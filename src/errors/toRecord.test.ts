import { HttpStatusError, PorticoError, RpcError, SwitchChainNotSupportedError, WalletError } from '.'
import { FrameRequestError } from '../frame/errors'
import { NoFundsForFeeError } from '../frame/feeError'
import { englishText, messageRecord } from './record'
import { toReason, toRecord } from './toRecord'

describe('toRecord: what the store holds for an error', () => {
  it('keeps a wallet’s 4001 from a raw EIP-1193 rejection, with the key the UI translates', () => {
    expect(toRecord({ code: 4001, message: 'MetaMask Tx Signature: User denied transaction signature.' })).toEqual({
      code: 4001,
      key: 'errors.userRejectedRequest',
      params: {},
    })
    expect(toRecord(new RpcError(5000))).toEqual({ code: 5000, key: 'errors.userRejectedRequest', params: {} })
  })

  it("says the embedded smart account's AA21 in words, with the bundler's code", () => {
    const error = new FrameRequestError('RPC_REQUEST', { message: 'This account has no ETH to pay the network fee', code: 'AA21' })
    expect(toRecord(error)).toEqual({ code: 'AA21', key: 'errors.noFundsForNetworkFee', params: { symbol: 'ETH' } })
    // As the frame provider rejects with it (a viem error, for the dapp's viem and wagmi): the same record.
    expect(toRecord(new NoFundsForFeeError(error))).toEqual({ code: 'AA21', key: 'errors.noFundsForNetworkFee', params: { symbol: 'ETH' } })
  })

  it("says a node's insufficient-funds refusal forwarded by the embedded wallet in words, keeping the node's code", () => {
    const error = new FrameRequestError('RPC_REQUEST', { message: 'insufficient funds for gas * price + value: have 0 want 21000000000000', code: -32003 })
    expect(toRecord(error)).toEqual({ code: -32003, key: 'errors.nodeInsufficientFunds', params: {} })
  })

  it('gives a Portico error its own code, key and params', () => {
    expect(toRecord(new SwitchChainNotSupportedError(10))).toEqual({ code: 4902, key: 'errors.failedToSwitchChain', params: { chainId: 10 } })
    expect(toRecord(new HttpStatusError(503, 'https://api.test/x'))).toEqual({ code: 503, key: 'errors.httpStatus', params: { status: 503 } })
  })

  it('reports the code under a wrapper that has none of its own', () => {
    const wrapped = new WalletError('The wallet said no', { cause: { code: 4001, message: 'denied' } })
    expect(toRecord(wrapped).code).toBe(4001)
    // As the other side gave it: the status, the wallet's unlisted number.
    expect(toRecord(new PorticoError('Lookup failed', { cause: new HttpStatusError(404, 'https://api.test/x') })).code).toBe(404)
    expect(toRecord(new WalletError('The wallet failed', { cause: new RpcError(6000) })).code).toBe(6000)
    expect(toRecord(new RpcError(6000)).code).toBe(6000)
  })

  it('reports the embedded wallet’s own code rather than the frame transport’s', () => {
    const error = new FrameRequestError('CONNECT_OTP', { message: 'The code is not correct; 4 attempts left', code: 'INVALID_OTP' })
    expect(toRecord(error)).toEqual({ code: 'INVALID_OTP', key: 'errors.untranslated', params: { message: 'The code is not correct; 4 attempts left' } })
  })

  it('keeps text Portico did not write as it came, and says so by its key', () => {
    expect(toRecord(new Error('Ledger device locked'))).toEqual({ code: null, key: 'errors.untranslated', params: { message: 'Ledger device locked' } })
    expect(toRecord(undefined)).toEqual({ code: null, key: 'errors.unknownError', params: {} })
  })

  it('names the flow’s own sentence while keeping the cause’s code', () => {
    expect(toRecord(new HttpStatusError(409, 'https://api.test/names'), { key: 'errorRegisteringName' })).toEqual({ code: 409, key: 'errors.errorRegisteringName', params: {} })
  })

  it('is plain data: it survives JSON unchanged', () => {
    const reason = toReason(new RpcError(4001))
    const record = toRecord(new RpcError(4001), { key: 'accountDidNotConnect', params: { namespace: 'eip155', reason } })
    expect(JSON.parse(JSON.stringify(record))).toEqual(record)
  })
})

describe('toReason: an error as the {reason} inside another record', () => {
  it('keeps the code and key, and gives a record nested in its own params as English (params nest one level)', () => {
    const inner = toReason(new RpcError(4001))
    const wrapped = new PorticoError({ key: 'accountDidNotConnect', params: { namespace: 'eip155', reason: inner } })
    const reason = toReason(wrapped)
    expect(reason.key).toBe('errors.accountDidNotConnect')
    expect(reason.params).toEqual({ namespace: 'eip155', reason: englishText(inner) })
    expect(JSON.parse(JSON.stringify(reason))).toEqual(reason)
  })
})

describe('englishText and the PorticoError made from a key', () => {
  it('reads the same English the error table holds, params filled', () => {
    expect(englishText(messageRecord('errors.tryAgainAfter', { seconds: 30 }))).toBe('Please try again after 30 seconds')
    expect(englishText(messageRecord('notices.swapped', { from: 'ETH', to: 'USDC' }))).toBe('Swapped ETH for USDC')
    const error = new PorticoError({ key: 'tryAgainAfter', params: { seconds: 30 } })
    expect(error.shortMessage).toBe('Please try again after 30 seconds')
    expect([error.messageKey, error.messageParams]).toEqual(['tryAgainAfter', { seconds: 30 }])
  })
})
