// The plugin's wallet code: discovery, connection and sending through a Keplr-style
// injected wallet. Loaded with import() on first use, so creating the plugin stays cheap.
import { ConnectorNotFoundError, PorticoError, ProviderRpcCode, RpcError, toRpcError } from 'portico'
import type { CaipNetwork, ConnectedAccount, ConnectorEvent, ConnectorInfo, PluginContext, SendParameters } from 'portico'
import { msgSend, type StdSignDoc } from './amino'
import { findKeplr, KEPLR_KEYSTORE_CHANGE, type Keplr } from './keplr'
import type { CosmosChainInfo } from './networks'
import { fromBase64, pubkeyToAddress } from './pubkey'
import { broadcastTx, getAccount } from './rest'

/** The one connector: whichever Keplr-style wallet holds `window.keplr`. */
export const KEPLR_CONNECTOR_ID = 'keplr'

/** What the plugin keeps between calls; one per plugin instance. */
export type CosmosRuntime = {
  prefix: string
  /** The page's window, from the discovery context. */
  window: Window | undefined
  /** The chain each connected connector was enabled for. */
  connections: Map<string, { chainId: string; address: string }>
}

/**
 * Reports the Keplr connector once `window.keplr` exists. Keplr injects it while the page
 * loads, so a page that runs before that looks again on `load`.
 */
export function watchKeplr(runtime: CosmosRuntime, context: PluginContext, emit: (connectors: readonly ConnectorInfo[]) => void): () => void {
  const win = context.window
  runtime.window = win
  const publish = () => {
    emit(findKeplr(win) ? [{ id: KEPLR_CONNECTOR_ID, name: 'Keplr', type: 'INJECTED', chain: 'cosmos', chains: context.networks.map((n) => n.caipNetworkId) }] : [])
  }
  publish()
  if (!win || findKeplr(win) || win.document.readyState === 'complete') return () => {}
  win.addEventListener('load', publish, { once: true })
  return () => win.removeEventListener('load', publish)
}

function keplrOf(runtime: CosmosRuntime, connectorId: string): Keplr {
  const keplr = connectorId === KEPLR_CONNECTOR_ID ? findKeplr(runtime.window) : undefined
  if (!keplr) throw new ConnectorNotFoundError({ details: `No Keplr-style wallet (window.keplr) for connector '${connectorId}'.` })
  return keplr
}

/** Keplr refuses with a plain Error('Request rejected'); Portico knows a refusal by code 4001. */
function walletError(error: unknown): PorticoError {
  const message = error instanceof Error ? error.message : String(error)
  return /rejected/i.test(message) ? new RpcError(ProviderRpcCode.UserRejectedRequest, { cause: error, details: message }) : toRpcError(error)
}

async function ask<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    throw walletError(error)
  }
}

/** Asks the wallet for the chain, then reads the account it chose. */
export async function connectKeplr(runtime: CosmosRuntime, connectorId: string, network: CaipNetwork): Promise<ConnectedAccount> {
  const keplr = keplrOf(runtime, connectorId)
  const chainId = String(network.id)
  await ask(() => keplr.enable(chainId))
  const key = await ask(() => keplr.getKey(chainId))
  // The wallet's word is checked: the address must be the key's, under this chain's prefix.
  if (pubkeyToAddress(key.pubKey, runtime.prefix) !== key.bech32Address) {
    throw new PorticoError(`The wallet's address ${key.bech32Address} is not that of its key on ${network.name}.`, { code: 'cosmos/bad-key' })
  }
  runtime.connections.set(connectorId, { chainId, address: key.bech32Address })
  return { address: key.bech32Address, accounts: [{ address: key.bech32Address }], caipNetworkId: network.caipNetworkId }
}

export async function disconnectKeplr(runtime: CosmosRuntime, connectorId: string): Promise<void> {
  const connection = runtime.connections.get(connectorId)
  runtime.connections.delete(connectorId)
  const keplr = findKeplr(runtime.window)
  if (connection && keplr?.disable) await ask(() => keplr.disable!(connection.chainId))
}

/** The visitor switched account in the wallet: report the new one. */
export function watchKeplrAccount(runtime: CosmosRuntime, connectorId: string, onEvent: (event: ConnectorEvent) => void): () => void {
  const win = runtime.window
  if (!win) return () => {}
  const onChange = () => {
    const connection = runtime.connections.get(connectorId)
    if (!connection) return
    void keplrOf(runtime, connectorId)
      .getKey(connection.chainId)
      .then((key) => {
        connection.address = key.bech32Address
        onEvent({ type: 'accountsChanged', accounts: [key.bech32Address] })
      })
      .catch(() => onEvent({ type: 'disconnect' }))
  }
  win.addEventListener(KEPLR_KEYSTORE_CHANGE, onChange)
  return () => win.removeEventListener(KEPLR_KEYSTORE_CHANGE, onChange)
}

/**
 * A native-coin transfer (`cosmos-sdk/MsgSend`): reads the account's number and sequence
 * from the node, has the wallet sign the Amino JSON document, checks the signature is the
 * sender's key, broadcasts, and resolves with the transaction hash.
 */
export async function sendWithKeplr(runtime: CosmosRuntime, chain: CosmosChainInfo, parameters: SendParameters & { connectorId: string }): Promise<string> {
  const { network, from, to, amount, token } = parameters
  if (token !== undefined) throw new PorticoError(`Only ${network.nativeCurrency.symbol} can be sent on ${network.name}.`, { code: 'cosmos/token' })
  const keplr = keplrOf(runtime, parameters.connectorId)
  const account = await getAccount(chain.restUrl, from)
  const doc: StdSignDoc = {
    chain_id: String(network.id),
    account_number: account.accountNumber,
    sequence: account.sequence,
    fee: { amount: [{ denom: chain.denom, amount: chain.fee.amount }], gas: chain.fee.gas },
    msgs: [msgSend(from, to, [{ denom: chain.denom, amount }])],
    memo: '',
  }
  const { signed, signature } = await ask(() => keplr.signAmino(doc.chain_id, from, doc))
  if (pubkeyToAddress(fromBase64(signature.pub_key.value), runtime.prefix) !== from) {
    throw new PorticoError(`The wallet signed with another account than ${from}.`, { code: 'cosmos/wrong-signer' })
  }
  return broadcastTx(chain.restUrl, { msg: signed.msgs, fee: signed.fee, signatures: [signature], memo: signed.memo })
}
