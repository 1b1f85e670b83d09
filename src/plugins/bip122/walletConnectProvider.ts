/**
 * The session's Bitcoin side as a sats-connect provider (`request(method, params)`
 * answering JSON-RPC response objects, `addListener`), so the `bip122()` plugin drives a
 * wallet over WalletConnect with the code it runs for a browser wallet, and the dapp's
 * `portico.getProvider('bip122')` reaches it. The plugin's `remote.createWallet`
 * builds it; the saga `attach`es it as connector `walletConnect`.
 *
 * sats-connect's requests become WalletConnect's bip122 methods, in the shapes of its
 * Bitcoin RPC reference (`account` is the session's first address, the account's "first
 * external address"):
 *
 * | sats-connect | WalletConnect |
 * | --- | --- |
 * | `getAccounts`, `wallet_getAccount` | the session's accounts (no round trip: the wallet approved them) |
 * | `getAddresses { purposes }` | `getAccountAddresses { account, intentions }` |
 * | `signMessage { address, message, protocol? }` | `signMessage { account, address, message, protocol }`; the hex signature comes back base64, as sats-connect gives it (BIP-322 unless ECDSA is asked for, as sats-connect wallets default) |
 * | `signPsbt { psbt, signInputs: { address: [index] }, broadcast? }` | `signPsbt { account, psbt, signInputs: [{ address, index }], broadcast }` |
 * | `sendTransfer { recipients: [one] }` | `sendTransfer { account, recipientAddress, amount }` (amount in sats, as a string); WalletConnect pays one recipient, so more are refused (-32602) |
 * | `wallet_getNetwork` | the session's current Bitcoin chain |
 *
 * Wallet errors keep their codes (4001 stays 4001). Events: `accountChange` on a session
 * update or a `bip122_addressesChanged` event, `disconnect` when the session ends.
 */
import { PorticoError } from '../../errors/base'
import { RpcError } from '../../errors/rpc'
import { ProviderRpcCode } from '../../errors/rpcCodes'
import { satsNetworkOf } from '../../shared/satsNetworks'
import { parseCaipAccount, type RemoteSession } from '../../types/remoteSession'

const NAMESPACE = 'bip122'

type SatsAddress = { address: string; publicKey: string; purpose: 'payment' | 'ordinals'; addressType: string; walletType: 'software' }
type JsonRpcResponse = { jsonrpc: '2.0'; id: string; result: unknown } | { jsonrpc: '2.0'; id: string; error: { code: number; message: string; data?: unknown } }
type SatsEvent = { type: 'accountChange'; addresses: SatsAddress[] } | { type: 'disconnect' }
type Listener = (event: SatsEvent) => void
/** WalletConnect's address entry (`getAccountAddresses`, `bip122_addressesChanged`). */
type WalletConnectAddress = { address: string; publicKey?: string; path?: string; intention?: string }

export type WalletConnectBitcoinProvider = {
  request(method: string, params?: unknown): Promise<JsonRpcResponse>
  /** sats-connect types a listener's event as `never` (each event name has its own shape). */
  addListener(...args: [{ eventName: string; cb: (event: never) => void }] | [string, (event: never) => void]): () => void
  /** Stops following the client's events. */
  destroy(): void
}

/** The script type sats-connect reports, from the address's form. */
function addressTypeOf(address: string): string {
  const lower = address.toLowerCase()
  if (/^(bc|tb|bcrt)1q/.test(lower)) return lower.length > 50 ? 'p2wsh' : 'p2wpkh'
  if (/^(bc|tb|bcrt)1p/.test(lower)) return 'p2tr'
  if (/^[23]/.test(address)) return 'p2sh'
  return 'p2pkh'
}

const toSatsAddress = (entry: WalletConnectAddress, fallbackPurpose: 'payment' | 'ordinals'): SatsAddress => ({
  address: entry.address,
  publicKey: entry.publicKey ?? '',
  purpose: entry.intention === 'ordinal' ? 'ordinals' : entry.intention === 'payment' ? 'payment' : fallbackPurpose,
  addressType: addressTypeOf(entry.address),
  walletType: 'software',
})

function hexToBase64(hex: string): string {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) throw new RpcError(ProviderRpcCode.InternalError, { details: 'signMessage answered a signature that is not hex' })
  return btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((byte) => Number.parseInt(byte, 16))))
}

const invalidParams = (details: string) => new RpcError(ProviderRpcCode.InvalidParams, { details })

/**
 * @example
 * const provider = createWalletConnectBitcoinProvider(client)
 * const detach = bip122Plugin.connectors.attach({ info, provider })
 */
export function createWalletConnectBitcoinProvider(client: RemoteSession): WalletConnectBitcoinProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: SatsEvent) => {
    for (const listener of [...(listeners.get(event.type) ?? [])]) {
      try {
        listener(event)
      } catch {
        // A listener's failure is its own.
      }
    }
  }

  /** The session's Bitcoin addresses on its current chain: the first is the account ("first external address"). */
  const sessionAddresses = (): SatsAddress[] => {
    const namespace = client.getSession()?.namespaces[NAMESPACE]
    const chain = client.getChain(NAMESPACE)
    const parsed = (namespace?.accounts ?? []).map(parseCaipAccount).filter((a) => a !== undefined)
    const onChain = parsed.filter((a) => a.caipNetworkId === (chain ?? parsed[0]?.caipNetworkId))
    return [...new Set(onChain.map((a) => a.address))].map((address) => toSatsAddress({ address }, 'payment'))
  }
  const account = (): string => {
    const first = sessionAddresses()[0]
    if (!first) throw new RpcError(ProviderRpcCode.Unauthorized, { message: 'The WalletConnect session holds no Bitcoin account' })
    return first.address
  }
  const network = () => {
    const name = satsNetworkOf(client.getChain(NAMESPACE) ?? '')
    if (!name) throw new RpcError(ProviderRpcCode.ChainDisconnected, { message: 'The WalletConnect session is on no Bitcoin network sats-connect can name' })
    return { bitcoin: { name }, stacks: { name: name === 'Mainnet' ? 'mainnet' : 'testnet' } }
  }
  const wallet = <T>(method: string, params: object) => client.request<T>({ method, params, chainId: client.getChain(NAMESPACE) })

  let lastAddresses = sessionAddresses()
    .map((a) => a.address)
    .join()
  const stop = client.onEvent((event) => {
    if (event.type === 'disconnect') {
      emit({ type: 'disconnect' })
      return
    }
    if (event.type === 'session_update' || (event.type === 'accountsChanged' && event.namespace === NAMESPACE)) {
      const addresses = sessionAddresses()
      const key = addresses.map((a) => a.address).join()
      if (key === lastAddresses) return
      lastAddresses = key
      if (addresses.length > 0) emit({ type: 'accountChange', addresses })
      else emit({ type: 'disconnect' })
    }
  })

  async function handle(method: string, params: Record<string, unknown>): Promise<unknown> {
    switch (method) {
      case 'getInfo':
        return { version: '2.0.0', methods: ['getAccounts', 'getAddresses', 'wallet_getAccount', 'wallet_getNetwork', 'signMessage', 'signPsbt', 'sendTransfer'] }
      case 'getAccounts':
        account()
        return sessionAddresses()
      case 'wallet_getAccount':
        account()
        return { id: client.getSession()?.topic ?? '', addresses: sessionAddresses(), walletType: 'software', network: network() }
      case 'wallet_getNetwork':
        return network()
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        // The session is the saga's to end, once no namespace uses it any more.
        return null
      case 'getAddresses': {
        const purposes = Array.isArray(params.purposes) ? (params.purposes as unknown[]) : ['payment', 'ordinals']
        const intentions = purposes.map((purpose) => (purpose === 'ordinals' ? 'ordinal' : String(purpose)))
        const entries = await wallet<WalletConnectAddress[]>('getAccountAddresses', { account: account(), intentions })
        const addresses = (Array.isArray(entries) ? entries : []).map((entry, index) => toSatsAddress(entry, index === 0 ? 'payment' : 'ordinals'))
        return { addresses: addresses.filter((a) => purposes.includes(a.purpose)), network: network() }
      }
      case 'signMessage': {
        const { address, message, protocol } = params
        if (typeof address !== 'string' || typeof message !== 'string') throw invalidParams('signMessage needs { address, message }')
        if (protocol !== undefined && protocol !== 'ECDSA' && protocol !== 'BIP322') throw invalidParams(`Unknown protocol ${String(protocol)}`)
        const chosen = protocol ?? 'BIP322'
        const result = await wallet<{ address?: string; signature: string; messageHash?: string }>('signMessage', {
          account: account(),
          address,
          message,
          protocol: chosen.toLowerCase(),
        })
        return { signature: hexToBase64(result.signature), messageHash: result.messageHash ?? '', address: result.address ?? address, protocol: chosen }
      }
      case 'signPsbt': {
        const { psbt, signInputs, broadcast } = params
        if (typeof psbt !== 'string') throw invalidParams('signPsbt needs { psbt } in base64')
        const inputs = Object.entries((signInputs ?? {}) as Record<string, unknown>).flatMap(([address, indexes]) => {
          if (!Array.isArray(indexes) || !indexes.every((index) => Number.isSafeInteger(index))) throw invalidParams(`signInputs of ${address} must be input indexes`)
          return (indexes as number[]).map((index) => ({ address, index }))
        })
        const result = await wallet<{ psbt: string; txid?: string }>('signPsbt', { account: account(), psbt, signInputs: inputs, broadcast: broadcast === true })
        return result.txid ? { psbt: result.psbt, txid: result.txid } : { psbt: result.psbt }
      }
      case 'sendTransfer': {
        const recipients = params.recipients
        if (!Array.isArray(recipients) || recipients.length !== 1) {
          throw invalidParams("WalletConnect's sendTransfer pays exactly one recipient; build a PSBT (signPsbt) for more")
        }
        const [{ address, amount }] = recipients as [{ address?: unknown; amount?: unknown }]
        if (typeof address !== 'string' || typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
          throw invalidParams('sendTransfer needs a recipient address and a positive whole amount of sats')
        }
        const result = await wallet<{ txid: string }>('sendTransfer', { account: account(), recipientAddress: address, amount: String(amount) })
        return { txid: result.txid }
      }
      default:
        throw new RpcError(ProviderRpcCode.MethodNotFound, { message: `Method not found: ${method}` })
    }
  }

  return {
    async request(method, params) {
      const id = globalThis.crypto.randomUUID()
      try {
        return { jsonrpc: '2.0', id, result: await handle(method, (params ?? {}) as Record<string, unknown>) }
      } catch (error) {
        // The wallet's own code (4001 stays 4001) and the session errors' message travel on.
        const given = error instanceof PorticoError ? (error.remoteCode ?? error.code) : undefined
        const code = typeof given === 'number' ? given : ProviderRpcCode.InternalError
        const message = error instanceof PorticoError ? error.shortMessage : error instanceof Error ? error.message : String(error)
        return { jsonrpc: '2.0', id, error: { code, message } }
      }
    },
    addListener(...args) {
      const [eventName, given] = typeof args[0] === 'string' ? [args[0], args[1]!] : [args[0].eventName, args[0].cb]
      const cb = given as Listener
      const set = listeners.get(eventName) ?? new Set<Listener>()
      set.add(cb)
      listeners.set(eventName, set)
      return () => void set.delete(cb)
    },
    destroy() {
      stop()
      listeners.clear()
    },
  }
}
