import { keccak256 } from 'viem'
import { SDK_TYPE, SDK_VERSION } from '../config/defaults'
import type { Portico } from '../createPortico'
import { ConfigError, NotConnectedError, PorticoError } from '../errors'
import { createBlockchainApiClient } from '../services/blockchainApi/createBlockchainApiClient'
import type { Hex, SmartSession, SmartSessionPermission } from '../services/blockchainApi/types'
import { smartSessionGrantMessage } from '../shared/smartSessions'
import { selectConnection } from '../store/selectors/connection'

/** Pages `list()` reads at most: a server that keeps answering `next` cannot hold it for ever. */
const MAX_PAGES = 100

/** What a session shows for the dapp in the account's session list. */
export type SmartSessionDapp = { name?: string | undefined; url?: string | undefined; iconUrl?: string | undefined }

export type CreateSmartSessionsParameters = {
  /** Root of the Portico server (the config's `endpoints.blockchainApi`). */
  url: string
  projectId: string
  /** The connected EVM account as CAIP-10 (`eip155:1:0x…`), or undefined when none is. */
  account(): string | undefined
  /** The account's EIP-191 signature of `message`. */
  signMessage(message: string): Promise<string>
  /** An EIP-1193 request to the account's wallet; needed by `grant` only. */
  request?: ((args: { method: string; params: unknown[] }) => Promise<unknown>) | undefined
  fetch?: typeof fetch | undefined
  /** Sessions per request of `list()` (default 100, the server's most). */
  pageSize?: number | undefined
}

export type SmartSessions = {
  /** The account's sessions recorded through this project, newest first (revoked and expired ones too). */
  list(): Promise<SmartSession[]>
  /**
   * Asks the wallet for an ERC-7715 permission grant (`wallet_grantPermissions` with
   * `request`), then records the session it answers on the server.
   */
  grant(request: Record<string, unknown>, dapp?: SmartSessionDapp): Promise<SmartSession>
  /** Records a grant the dapp obtained itself; the account signs the grant message. */
  record(grant: { context: Hex; expiry: number; permissions: SmartSessionPermission[]; dapp?: SmartSessionDapp | undefined }): Promise<SmartSession>
  /** Revokes a session on the server: the account signs its pci (SPEC §7 body: pci, signature). */
  revoke(pci: string): Promise<void>
}

/**
 * Smart sessions (SPEC §7 `/v1/sessions/{id}`) of the connected account, on the Portico
 * server. The server keeps the list and the revocations; whether the permission itself
 * stops working on chain is up to the account's wallet and its permission module
 * (docs/smart-accounts.md, "Smart sessions").
 *
 * @example
 * const sessions = createSmartSessions({ url, projectId, account: () => caipAddress, signMessage: (message) => wallet.signMessage({ message }) })
 * const [latest] = await sessions.list()
 * if (latest && !latest.revokedAt) await sessions.revoke(latest.pci)
 */
export function createSmartSessions(parameters: CreateSmartSessionsParameters): SmartSessions {
  const api = createBlockchainApiClient({
    baseUrl: parameters.url,
    projectId: parameters.projectId,
    sdkType: SDK_TYPE,
    sdkVersion: SDK_VERSION,
    ...(parameters.fetch ? { fetch: parameters.fetch } : {}),
  })
  const account = (): string => {
    const id = parameters.account()
    if (id === undefined || !id.startsWith('eip155:')) throw new NotConnectedError('eip155')
    return id
  }
  const record: SmartSessions['record'] = async ({ context, expiry, permissions, dapp }) => {
    const id = account()
    const message = smartSessionGrantMessage({ account: id, projectId: parameters.projectId, pci: keccak256(context), expiry })
    const signature = (await parameters.signMessage(message)) as Hex
    return api.recordSession({ id, context, expiry, permissions, signature, ...(dapp ? { dapp } : {}) })
  }
  return {
    async list() {
      // Every page: the server answers at most 100 a page, newest first.
      const id = account()
      const sessions: SmartSession[] = []
      let cursor: string | undefined
      for (let page = 0; page < MAX_PAGES; page++) {
        const { pcis, next } = await api.getSessions({ id, cursor, limit: parameters.pageSize ?? 100 })
        sessions.push(...pcis)
        if (next === undefined || next === cursor) return sessions
        cursor = next
      }
      return sessions
    },
    record,
    async grant(request, dapp) {
      if (!parameters.request) throw new PorticoError('Granting a smart session needs the wallet: pass `request`.', { code: 'smart-session/no-wallet' })
      const answer = await parameters.request({ method: 'wallet_grantPermissions', params: [request] })
      const granted = grantOf(answer, request)
      return record({ ...granted, ...(dapp ? { dapp } : {}) })
    },
    async revoke(pci) {
      const id = account()
      const signature = (await parameters.signMessage(pci)) as Hex
      await api.revokeSession({ id, pci, signature })
    },
  }
}

/**
 * The ERC-7715 answer: `context` (older drafts: `permissionsContext`), with `expiry` and
 * `permissions` as granted, else as asked.
 */
function grantOf(answer: unknown, request: Record<string, unknown>): { context: Hex; expiry: number; permissions: SmartSessionPermission[] } {
  const granted = (typeof answer === 'object' && answer !== null ? answer : {}) as Record<string, unknown>
  const context = granted.context ?? granted.permissionsContext
  const expiry = granted.expiry ?? request.expiry
  const permissions = granted.permissions ?? request.permissions
  if (typeof context !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(context)) {
    throw new PorticoError('The wallet answered wallet_grantPermissions without a permissions context.', { code: 'smart-session/no-context' })
  }
  if (typeof expiry !== 'number' || !Array.isArray(permissions)) {
    throw new PorticoError('The wallet answered wallet_grantPermissions without an expiry and permissions.', { code: 'smart-session/invalid-grant' })
  }
  const list = permissions.map((p: unknown) => {
    const { type, data } = (typeof p === 'object' && p !== null ? p : {}) as { type?: unknown; data?: unknown }
    return { type: String(type), data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} }
  })
  return { context: context as Hex, expiry, permissions: list }
}

/**
 * `createSmartSessions` for a Portico instance: its server (`endpoints.blockchainApi`),
 * project, connected EVM account, `signMessage` and EIP-1193 provider. Needs
 * `features.smartSessions` (SPEC §9: off by default) and a `projectId`.
 *
 * @example
 * const portico = createPortico({ projectId: 'shop', features: { smartSessions: true } })
 * const sessions = porticoSmartSessions(portico)
 * await sessions.grant({ chainId: '0x1', expiry, signer, permissions })
 */
export function porticoSmartSessions(portico: Portico, options: { fetch?: typeof fetch | undefined } = {}): SmartSessions {
  const { features, projectId, endpoints } = portico.config
  if (!features.smartSessions) throw new ConfigError('Smart sessions are off: set features.smartSessions to true.')
  if (projectId === undefined) throw new ConfigError('Smart sessions need a projectId: the server keeps them per project.')
  return createSmartSessions({
    url: endpoints.blockchainApi,
    projectId,
    account: () => {
      const connection = selectConnection(portico.getState(), 'eip155')
      return connection === undefined ? undefined : `${connection.caipNetworkId}:${connection.address}`
    },
    signMessage: (message) => portico.signMessage({ message, namespace: 'eip155' }),
    request: (args) => portico.getProvider('eip155').request(args),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  })
}
