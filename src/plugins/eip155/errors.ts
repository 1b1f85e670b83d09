import { WalletError, type PorticoErrorParameters } from '../../errors'

/**
 * The wallet is on another chain than the network the dapp asked to send on. Sending
 * anyway would spend on the wrong chain, so Portico stops and says so.
 */
export class ChainMismatchError extends WalletError {
  override name = 'ChainMismatchError'
  readonly walletChainId: number | undefined
  readonly expectedChainId: number
  constructor(expected: { id: number; name: string }, walletChainId: number | undefined, parameters: PorticoErrorParameters = {}) {
    super(`The wallet is not on ${expected.name}. Switch the wallet to ${expected.name} and try again.`, {
      code: 'wallet/chain-mismatch',
      metaMessages: [`Expected chain: eip155:${expected.id}`, `Wallet chain: ${walletChainId === undefined ? 'unknown' : `eip155:${walletChainId}`}`],
      ...parameters,
    })
    this.walletChainId = walletChainId
    this.expectedChainId = expected.id
  }
}
