/**
 * The embedded wallet's account type (SPEC §3, §5): per user, externally-owned (`eoa`) or
 * smart account (`smartAccount`) on the smart-account-enabled networks.
 *
 * - Enabled networks come from the server (`GET /auth/v1/smart-accounts`: chains with a
 *   bundler and the account factory deployed), with the factory's address; a failed call
 *   means none (SPEC §4), asked again next time.
 * - The type in effect is remembered per user in the page's OWN storage (the secure
 *   origin), never in the dapp's. Until the user or the app chooses, it is SPEC §9's
 *   eip155 default (`smartAccount`).
 * - Per user and chain, a `SmartAccountSender` (smartAccount.ts) sends user operations
 *   through `/auth/v1/bundler` and signs for the account, the owner signing through the
 *   server's signer.
 */
import type { Address, Hex, TypedDataDefinition } from 'viem'
import { DEFAULT_EMBEDDED_ACCOUNT_TYPE, isEmbeddedAccountType } from '../src/shared/embeddedWallet'
import type { EmbeddedAccountType } from '../src/frame/protocol'
import { ReplyError } from './replyError'
import type { KeyValueStore } from './session'
import { createSmartAccountSender, type SmartAccountSender } from './smartAccount'
import { ProviderRpcCode } from '../src/shared/rpcCodes'

export type SmartAccountNetwork = { chainId: number; factoryAddress: Address }

/** How the owner's key signs (the frame's keyring, custody/keyring.ts, with the key rebuilt at login). */
export type OwnerSigner = {
  signHash(hash: Hex): Promise<Hex>
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>
  /** The signed-in session's headers for the bundler endpoint (SecureApi.sessionHeaders): sending needs a session. */
  sessionHeaders(target: { method: string; url: string }): Promise<Record<string, string>>
}

export type SmartAccounts = {
  /** The enabled networks; [] when the server cannot say (SPEC §4). */
  enabledNetworks(): Promise<SmartAccountNetwork[]>
  /** The user's type in effect (their stored choice, else SPEC §9's default). */
  preferredType(owner: string): EmbeddedAccountType
  /** Remembers the user's choice; throws for anything but 'eoa' | 'smartAccount'. */
  setPreferredType(owner: string, type: unknown): EmbeddedAccountType
  /** The smart account of `owner` on `caip2`, or undefined when that network has none. */
  sender(caip2: string, owner: Address, signer: OwnerSigner): Promise<SmartAccountSender | undefined>
}

export type SmartAccountsOptions = {
  /** The server's base URL (the same as the auth API's). */
  apiUrl: string
  projectId: string
  /** Per CAIP-2 network: the chain's RPC (nonces, fees, eth_getCode). */
  rpcUrls: Readonly<Record<string, string>>
  store: KeyValueStore
  fetch?: typeof fetch
}

const PREFERENCE_KEY = 'portico.secure.accountTypes'
const MAX_REMEMBERED = 64

function readPreferences(store: KeyValueStore): Record<string, EmbeddedAccountType> {
  try {
    const parsed: unknown = JSON.parse(store.getItem(PREFERENCE_KEY) ?? '{}')
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, EmbeddedAccountType] => isEmbeddedAccountType(entry[1])))
  } catch {
    return {}
  }
}

function isNetwork(value: unknown): value is SmartAccountNetwork {
  if (typeof value !== 'object' || value === null) return false
  const { chainId, factoryAddress } = value as Record<string, unknown>
  return Number.isSafeInteger(chainId) && (chainId as number) > 0 && typeof factoryAddress === 'string' && /^0x[0-9a-fA-F]{40}$/.test(factoryAddress)
}

/**
 * @example
 * const smartAccounts = createSmartAccounts({ apiUrl, projectId, rpcUrls: config.rpcUrls, store: localStorage })
 * await smartAccounts.enabledNetworks() // [{ chainId: 1, factoryAddress: '0x…' }]
 */
export function createSmartAccounts(options: SmartAccountsOptions): SmartAccounts {
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis)
  const apiUrl = options.apiUrl.replace(/\/+$/, '')
  const query = (caip2: string) => new URLSearchParams({ projectId: options.projectId, chainId: caip2 }).toString()
  let networks: Promise<SmartAccountNetwork[]> | undefined
  const senders = new Map<string, SmartAccountSender>()

  async function load(): Promise<SmartAccountNetwork[]> {
    const response = await fetchImpl(`${apiUrl}/auth/v1/smart-accounts?${new URLSearchParams({ projectId: options.projectId })}`, {
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    })
    if (!response.ok) throw new Error(`smart-account networks: HTTP ${response.status}`)
    const body = (await response.json()) as { networks?: unknown }
    return Array.isArray(body.networks) ? body.networks.filter(isNetwork) : []
  }

  return {
    enabledNetworks() {
      networks ??= load().catch(() => {
        networks = undefined
        return []
      })
      return networks
    },
    preferredType(owner) {
      return readPreferences(options.store)[owner.toLowerCase()] ?? DEFAULT_EMBEDDED_ACCOUNT_TYPE
    },
    setPreferredType(owner, type) {
      if (type !== 'eoa' && type !== 'smartAccount') throw new ReplyError("The account type must be 'eoa' or 'smartAccount'", ProviderRpcCode.InvalidParams)
      const preferences = readPreferences(options.store)
      delete preferences[owner.toLowerCase()]
      preferences[owner.toLowerCase()] = type
      const kept = Object.entries(preferences).slice(-MAX_REMEMBERED)
      try {
        options.store.setItem(PREFERENCE_KEY, JSON.stringify(Object.fromEntries(kept)))
      } catch {
        // Storage blocked: the choice holds for this page only.
      }
      return type
    },
    async sender(caip2, owner, signer) {
      const match = /^eip155:([1-9][0-9]{0,15})$/.exec(caip2)
      const rpcUrl = options.rpcUrls[caip2]
      if (!match || rpcUrl === undefined) return undefined
      const chainId = Number(match[1])
      const network = (await this.enabledNetworks()).find((n) => n.chainId === chainId)
      if (network === undefined) return undefined
      const key = `${caip2}|${owner.toLowerCase()}`
      let sender = senders.get(key)
      if (sender === undefined) {
        sender = createSmartAccountSender({
          chainId,
          rpcUrl,
          bundlerUrl: `${apiUrl}/auth/v1/bundler?${query(caip2)}`,
          // Sponsored when the project's policy covers the calls (the server answers 404 without a paymaster).
          paymasterUrl: `${apiUrl}/auth/v1/paymaster?${query(caip2)}`,
          factoryAddress: network.factoryAddress,
          owner,
          signHash: (hash) => signer.signHash(hash),
          signTypedData: (typedData) => signer.signTypedData(typedData),
          sessionHeaders: (target) => signer.sessionHeaders(target),
          fetch: fetchImpl,
        })
        senders.set(key, sender)
      }
      return sender
    },
  }
}
