// Bitcoin wallets through sats-connect: accounts (payment and ordinals addresses),
// silent reconnect, disconnect, events, message signing, transfers and network switch.
// Loaded on first use by the `bip122()` plugin's connector capability.
import { addListener, AddressPurpose, BitcoinNetworkType, request, type Requests, type RpcResult } from 'sats-connect'

import { ChainNotSupportedError, ConnectorNotFoundError, PorticoError, RpcError, ValidationError, WalletError } from '../../errors'
import { toNodeError } from '../../errors/toNodeError'
import type { CaipNetwork, CaipNetworkId } from '../../types/network'
import { INVALID_RECEIVER_MESSAGE } from '../../validation/send'
import type { ConnectedAccount, ConnectorEvent, SendParameters } from '../types'
import { bitcoinAddressNetworks, createBitcoinAddressRule, isBitcoinAddress } from './address'
import { CaipIdBySatsNetwork, satsNetworkOf, type SatsNetworkName } from '../../shared/satsNetworks'
import { providerIdOf, type Bip122Runtime, type BitcoinConnection, type BitcoinWalletAddress, type SatsProvider, type SatsTransport } from './runtime'
import { ProviderRpcCode } from '../../errors/rpcCodes'

/** sats-connect's own error codes; its user rejection (-32000) is not JSON-RPC's "invalid input". */
const SatsCodes = { userRejection: -32000, accessDenied: -32002, methodNotFound: -32601 } as const

type SatsError = { code: number; message: string; data?: unknown }

/**
 * A sats-connect error response as a Portico error: a refusal becomes the 4001 user
 * rejection (so flows treat it as a cancel), "access denied" 4100 unauthorised, a
 * balance too low the SPEC §8 insufficient-funds error; anything else keeps the
 * wallet's code and message.
 */
export function toBitcoinWalletError(error: SatsError): PorticoError {
  const cause = Object.assign(new Error(error.message), { code: error.code, data: error.data })
  if (error.code === SatsCodes.userRejection) return new RpcError(ProviderRpcCode.UserRejectedRequest, { cause, details: error.message })
  if (error.code === SatsCodes.accessDenied) return new RpcError(ProviderRpcCode.Unauthorized, { cause, details: error.message })
  return toNodeError(cause) ?? new RpcError(error.code, { cause, details: error.message, ...(error.message ? { message: error.message } : {}) })
}

/** A provider object's JSON-RPC answer as sats-connect's `RpcResult` (what its `request` does for a window path). */
async function requestProvider(provider: SatsProvider, method: string, params: unknown): ReturnType<SatsTransport['request']> {
  const response = (await provider.request(method, params)) as { result?: unknown; error?: SatsError } | undefined
  if (response && typeof response.error === 'object' && response.error !== null) return { status: 'error', error: response.error }
  if (response && 'result' in response) return { status: 'success', result: response.result }
  return { status: 'error', error: { code: ProviderRpcCode.InternalError, message: 'Received unknown response from provider.', data: response } }
}

/**
 * How to reach a connector's wallet: a provider attached to the plugin (a WalletConnect
 * session's Bitcoin side) directly, a discovered one through sats-connect and its path
 * on `window`.
 */
function transportFor(runtime: Bip122Runtime, connectorId: string): SatsTransport {
  const attached = runtime.attached.get(connectorId)
  if (attached) {
    return {
      request: (method, params) => requestProvider(attached, method, params),
      addListener: (eventName, cb) => attached.addListener?.({ eventName, cb }) ?? (() => {}),
    }
  }
  const providerId = providerIdOf(connectorId)
  if (!providerId) throw new ConnectorNotFoundError({ details: `${connectorId} is not a sats-connect wallet` })
  return {
    async request(method, params) {
      try {
        return (await request(method as keyof Requests, params as never, providerId)) as Awaited<ReturnType<SatsTransport['request']>>
      } catch (error) {
        // sats-connect throws only when no provider sits at the path.
        throw new ConnectorNotFoundError({ cause: error, details: `No sats-connect provider at window.${providerId}` })
      }
    },
    addListener: (eventName, cb) => addListener(eventName as 'accountChange', cb as never, providerId),
  }
}

/** One request, resolving to the result or rejecting with a Portico error. */
async function call<M extends keyof Requests>(transport: SatsTransport, method: M, params: Parameters<typeof request<M>>[1]): Promise<(RpcResult<M> & { status: 'success' })['result']> {
  const response = await transport.request(method, params)
  if (response.status === 'error') throw toBitcoinWalletError(response.error)
  return response.result as (RpcResult<M> & { status: 'success' })['result']
}

/**
 * One of the dapp-facing methods of `portico.getProvider('bip122')`, sent to the connected
 * wallet in sats-connect's own request shape; its result, or a Portico error.
 */
export async function requestBitcoinWallet<M extends 'getAddresses' | 'signMessage' | 'signPsbt' | 'sendTransfer'>(
  runtime: Bip122Runtime,
  connectorId: string,
  method: M,
  params: Parameters<typeof request<M>>[1],
): Promise<(RpcResult<M> & { status: 'success' })['result']> {
  return call(connectionOf(runtime, connectorId).transport, method, params)
}

function connectionOf(runtime: Bip122Runtime, connectorId: string): BitcoinConnection {
  const live = runtime.connections.get(connectorId)
  if (!live) throw new ConnectorNotFoundError({ details: `${connectorId} is not connected` })
  return live
}

const paymentOf = (addresses: readonly BitcoinWalletAddress[]) => addresses.find((a) => a.purpose === AddressPurpose.Payment)
const ordinalsOf = (addresses: readonly BitcoinWalletAddress[]) => addresses.find((a) => a.purpose === AddressPurpose.Ordinals)

/** Payment address first (the one that pays and receives), then ordinals. */
function accountList(addresses: readonly BitcoinWalletAddress[]): { address: string; type: string }[] {
  return [
    ...[paymentOf(addresses)].flatMap((a) => (a ? [{ address: a.address, type: 'payment' }] : [])),
    ...[ordinalsOf(addresses)].flatMap((a) => (a ? [{ address: a.address, type: 'ordinal' }] : [])),
  ]
}

/**
 * The network the wallet is on: what it says (`wallet_getNetwork`) when its addresses
 * agree, else read from the payment address, preferring the network the dapp asked for
 * and then the dapp's other networks. Testnet, testnet4 and signet share address
 * prefixes, so only the wallet can tell those apart.
 */
async function walletNetwork(transport: SatsTransport, address: string, requested: CaipNetwork, runtime: Bip122Runtime): Promise<CaipNetworkId> {
  try {
    const reported = CaipIdBySatsNetwork[(await call(transport, 'wallet_getNetwork', null)).bitcoin.name as SatsNetworkName]
    if (reported && isBitcoinAddress(address, reported)) return reported
  } catch (_error) {
    // Older wallets lack wallet_getNetwork: fall back to the address.
  }
  const candidates = [requested, ...runtime.networks]
  const fitting = candidates.find((network) => isBitcoinAddress(address, network) && bitcoinAddressNetworks(network) !== undefined)
  if (fitting) return fitting.caipNetworkId
  if (isBitcoinAddress(address, CaipIdBySatsNetwork.Mainnet)) return CaipIdBySatsNetwork.Mainnet
  return isBitcoinAddress(address, CaipIdBySatsNetwork.Testnet) ? CaipIdBySatsNetwork.Testnet : CaipIdBySatsNetwork.Regtest
}

async function connected(runtime: Bip122Runtime, connectorId: string, transport: SatsTransport, addresses: readonly BitcoinWalletAddress[], network: CaipNetwork): Promise<ConnectedAccount> {
  const payment = paymentOf(addresses)
  if (!payment) throw new WalletError('The wallet shared no Bitcoin payment address', { code: 'wallet/no-payment-address' })
  runtime.connections.set(connectorId, { transport, addresses })
  return { address: payment.address, accounts: accountList(addresses), caipNetworkId: await walletNetwork(transport, payment.address, network, runtime) }
}

/** `getAccounts` for the payment and ordinals addresses (the wallet prompts the visitor). */
export async function connectBitcoinWallet(runtime: Bip122Runtime, connectorId: string, network: CaipNetwork): Promise<ConnectedAccount> {
  const transport = transportFor(runtime, connectorId)
  const addresses = await call(transport, 'getAccounts', { purposes: [AddressPurpose.Payment, AddressPurpose.Ordinals] })
  return connected(runtime, connectorId, transport, addresses, network)
}

/**
 * `wallet_getAccount`, which answers without prompting while the wallet still
 * authorises the dapp. Refused, denied or unknown to the wallet: `null`.
 */
export async function reconnectBitcoinWallet(runtime: Bip122Runtime, connectorId: string, network: CaipNetwork): Promise<ConnectedAccount | null> {
  const transport = transportFor(runtime, connectorId)
  try {
    const { addresses } = await call(transport, 'wallet_getAccount', null)
    return await connected(runtime, connectorId, transport, addresses, network)
  } catch (error) {
    const code = error instanceof RpcError ? error.code : undefined
    if (code === ProviderRpcCode.UserRejectedRequest || code === ProviderRpcCode.Unauthorized || code === SatsCodes.methodNotFound) return null
    throw error
  }
}

/** `wallet_disconnect` (or the older `wallet_renouncePermissions`); forgotten either way. */
export async function disconnectBitcoinWallet(runtime: Bip122Runtime, connectorId: string): Promise<void> {
  const transport = transportFor(runtime, connectorId)
  try {
    await call(transport, 'wallet_disconnect', null)
  } catch (error) {
    if (!(error instanceof RpcError && error.code === SatsCodes.methodNotFound)) throw error
    try {
      await call(transport, 'wallet_renouncePermissions', null)
    } catch (fallbackError) {
      if (!(fallbackError instanceof RpcError && fallbackError.code === SatsCodes.methodNotFound)) throw fallbackError
    }
  }
  runtime.connections.delete(connectorId)
}

/**
 * sats-connect events: `accountChange` → `accountsChanged`, `networkChange` →
 * `chainChanged` (and `accountsChanged` for the addresses on the new network),
 * `disconnect` → `disconnect`.
 */
export function watchBitcoinWallet(runtime: Bip122Runtime, connectorId: string, onEvent: (event: ConnectorEvent) => void): () => void {
  const live = runtime.connections.get(connectorId)
  if (!live) {
    onEvent({ type: 'disconnect' })
    return () => {}
  }
  const update = (addresses: readonly BitcoinWalletAddress[] | undefined) => {
    if (!addresses) return
    runtime.connections.set(connectorId, { ...live, addresses })
    onEvent({ type: 'accountsChanged', accounts: accountList(addresses).map((a) => a.address) })
  }
  const offs = [
    live.transport.addListener('accountChange', (event: { addresses?: BitcoinWalletAddress[] }) => update(event.addresses)),
    live.transport.addListener('networkChange', (event: { bitcoin: { name: string }; addresses?: BitcoinWalletAddress[] }) => {
      const caipNetworkId = CaipIdBySatsNetwork[event.bitcoin.name as SatsNetworkName]
      if (caipNetworkId) onEvent({ type: 'chainChanged', caipNetworkId })
      update(event.addresses)
    }),
    live.transport.addListener('disconnect', () => {
      runtime.connections.delete(connectorId)
      onEvent({ type: 'disconnect' })
    }),
  ]
  return () => {
    for (const off of offs) off()
  }
}

/** `signMessage` with the wallet's default protocol (BIP-322 for segwit and taproot); base64. */
export async function signBitcoinMessage(runtime: Bip122Runtime, connectorId: string, address: string, message: string): Promise<string> {
  const live = connectionOf(runtime, connectorId)
  if (!live.addresses.some((a) => a.address === address)) {
    throw new WalletError(`${address} is not a connected address`, { code: 'wallet/account-not-connected' })
  }
  return (await call(live.transport, 'signMessage', { address, message })).signature
}

/**
 * `sendTransfer` of `amount` sats to `to` from the wallet's payment address; the wallet
 * picks the coins, builds, signs and broadcasts. Returns the txid.
 */
export async function sendBitcoin(runtime: Bip122Runtime, parameters: SendParameters & { connectorId: string }): Promise<string> {
  const { connectorId, network, from, to, amount, token } = parameters
  if (token !== undefined) throw new PorticoError('Token transfers are not supported on Bitcoin', { code: 'bip122/token-send-unsupported' })
  if (!createBitcoinAddressRule([network])(to)) {
    throw new ValidationError({ key: 'invalidReceiverAddress' }, [{ path: 'receiverAddress', message: INVALID_RECEIVER_MESSAGE }])
  }
  const sats = /^[0-9]+$/.test(amount) ? Number(amount) : 0
  if (!Number.isSafeInteger(sats) || sats <= 0) {
    throw new ValidationError('Invalid amount', [{ path: 'amount', message: 'A positive whole number of sats is required' }])
  }
  const live = connectionOf(runtime, connectorId)
  if (paymentOf(live.addresses)?.address !== from) {
    throw new WalletError(`${from} is not the connected payment address`, { code: 'wallet/account-not-connected' })
  }
  return (await call(live.transport, 'sendTransfer', { recipients: [{ address: to, amount: sats }] })).txid
}

/** `wallet_changeNetwork` to one of the networks sats-connect can name. */
export async function switchBitcoinNetwork(runtime: Bip122Runtime, connectorId: string, network: CaipNetwork): Promise<void> {
  const live = connectionOf(runtime, connectorId)
  const name = satsNetworkOf(network.caipNetworkId)
  if (!name) throw new ChainNotSupportedError({ metaMessages: [`Network: ${network.caipNetworkId}`] })
  await call(live.transport, 'wallet_changeNetwork', { name: BitcoinNetworkType[name] })
}
