// The dapp's Bitcoin handle (`portico.getProvider('bip122')`): the four wallet methods a
// dapp needs, in sats-connect's request shapes, over whatever Bitcoin wallet the visitor
// connected through the modal. sats-connect loads on the first call.
import type { Params, Return } from 'sats-connect'
import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import type { ConnectionHost } from '../types'
import type { Bip122Runtime } from './runtime'

/** The methods the Bitcoin provider offers, named as sats-connect names them. */
export type PorticoBitcoinMethod = 'getAddresses' | 'signMessage' | 'signPsbt' | 'sendTransfer'

/**
 * What Portico hands the dapp for Bitcoin. Each method takes and returns sats-connect's
 * shapes (`request('signPsbt', { psbt, signInputs, broadcast })` in sats-connect is
 * `provider.signPsbt({ psbt, signInputs, broadcast })` here), so code written against
 * sats-connect moves over unchanged.
 */
export type PorticoBitcoinProvider = {
  readonly isPortico: true
  getAddresses(params: Params<'getAddresses'>): Promise<Return<'getAddresses'>>
  signMessage(params: Params<'signMessage'>): Promise<Return<'signMessage'>>
  signPsbt(params: Params<'signPsbt'>): Promise<Return<'signPsbt'>>
  sendTransfer(params: Params<'sendTransfer'>): Promise<Return<'sendTransfer'>>
  /** The same four, by name: `request('signPsbt', params)`. */
  request<M extends PorticoBitcoinMethod>(method: M, params: Params<M>): Promise<Return<M>>
}

const METHODS: readonly PorticoBitcoinMethod[] = ['getAddresses', 'signMessage', 'signPsbt', 'sendTransfer']

/**
 * Builds the provider over `host` (the store's view of the bip122 connection) and
 * `runtime` (the plugin's live connections by connector id: sats-connect wallets, and a
 * WalletConnect session's Bitcoin side). Requests go to the wallet connected at that
 * moment; while none is, they reject with 4900.
 */
export function createBitcoinDappProvider(runtime: Bip122Runtime, host: ConnectionHost): PorticoBitcoinProvider {
  async function request<M extends PorticoBitcoinMethod>(method: M, params: Params<M>): Promise<Return<M>> {
    if (!METHODS.includes(method)) throw new RpcError(ProviderRpcCode.UnsupportedMethod, { message: `The Bitcoin provider has no method '${String(method)}'.` })
    const connection = host.getConnection()
    if (!connection) throw new RpcError(ProviderRpcCode.ProviderDisconnected, { message: 'No Bitcoin wallet is connected. Connect one through the Portico modal first.' })
    // The store names a connection the plugin does not hold (yet): one still being restored after a reload.
    if (!runtime.connections.has(connection.connectorId)) {
      throw new RpcError(ProviderRpcCode.ProviderDisconnected, { message: `The '${connection.connectorId}' Bitcoin connection is not ready yet. Try again in a moment.` })
    }
    const { requestBitcoinWallet } = await import('./satsConnect')
    return (await requestBitcoinWallet(runtime, connection.connectorId, method, params as never)) as Return<M>
  }
  return {
    isPortico: true,
    request,
    getAddresses: (params) => request('getAddresses', params),
    signMessage: (params) => request('signMessage', params),
    signPsbt: (params) => request('signPsbt', params),
    sendTransfer: (params) => request('sendTransfer', params),
  }
}
