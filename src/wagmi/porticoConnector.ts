import type { CreateConnectorFn } from '@wagmi/core'
import { BaseError, getAddress, numberToHex, SwitchChainError, UserRejectedRequestError, type Address, type ProviderConnectInfo } from 'viem'
import type { Portico } from '../createPortico'
import { ProviderRpcCode } from '../errors/rpcCodes'
import type { PorticoEip1193Provider } from '../plugins/eip155/dappProvider'
import { selectIsRestoring } from '../store/selectors/connection'

export type PorticoConnectorParameters = {
  /** The Portico instance whose modal and connection the connector uses. */
  portico: Portico
}

const NAMESPACE = 'eip155'

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code

/**
 * wagmi's `createConnector` is the identity function with types; using its type only
 * means `portico/wagmi` imports nothing of `@wagmi/core` at run time. That matters: npm
 * installs `@wagmi/core` inside `wagmi`'s own folder, where Portico could not import it.
 */
const createConnector = <provider>(connector: CreateConnectorFn<provider>) => connector

/** The chain asked for is not among the wagmi config's chains (wagmi's own error of that name). */
class ChainNotConfiguredError extends BaseError {
  override name = 'ChainNotConfiguredError'
  constructor() {
    super('Chain not configured.')
  }
}

/** Resolves once Portico has restored (or given up restoring) the visitor's last EVM connection. */
function restored(portico: Portico): Promise<void> {
  if (!selectIsRestoring(portico.getState(), NAMESPACE)) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = portico.subscribe(() => {
      if (selectIsRestoring(portico.getState(), NAMESPACE)) return
      stop()
      resolve()
    })
  })
}

/**
 * A wagmi connector for Portico: wagmi's hooks (`useAccount`, `useWriteContract`,
 * `useSignTypedData`, `useSwitchChain`, `useDisconnect` ...) work through whatever EVM
 * connection the visitor made in Portico's modal: a browser wallet, WalletConnect, the
 * embedded wallet or its smart account.
 *
 * - wagmi's `connect` opens the modal and resolves once the visitor connected;
 * - a connect, disconnect or network change made in the modal shows in wagmi, and one
 *   made through wagmi shows in the modal;
 * - after a reload wagmi waits for Portico to restore the connection, so a returning
 *   visitor is never shown as disconnected in between.
 *
 * @example
 * import { createConfig, http } from 'wagmi'
 * import { mainnet } from 'wagmi/chains'
 * import { porticoConnector } from 'portico/wagmi'
 *
 * export const wagmiConfig = createConfig({
 *   chains: [mainnet],
 *   connectors: [porticoConnector({ portico })],
 *   transports: { [mainnet.id]: http() },
 * })
 */
export function porticoConnector({ portico }: PorticoConnectorParameters) {
  const provider = (): PorticoEip1193Provider => portico.getProvider(NAMESPACE, { allowDisconnected: true })
  const accountsOf = async (): Promise<readonly Address[]> => {
    const accounts = (await provider().request({ method: 'eth_accounts' })) as string[]
    return accounts.map((account) => getAddress(account))
  }
  const chainIdOf = async (): Promise<number> => Number(await provider().request({ method: 'eth_chainId' }))

  return createConnector<PorticoEip1193Provider>((config) => {
    const connector = {
      id: 'portico',
      name: 'Portico',
      type: porticoConnector.type,

      async setup() {
        // The provider's events follow Portico's store, so these hear changes made in the
        // modal as well as in the wallet, for as long as the instance lives.
        const p = provider()
        p.on('connect', (info) => connector.onConnect(info))
        p.on('accountsChanged', (accounts) => connector.onAccountsChanged(accounts))
        p.on('chainChanged', (chainId) => connector.onChainChanged(chainId))
        p.on('disconnect', () => connector.onDisconnect())
      },

      async connect<withCapabilities extends boolean = false>({
        chainId,
        isReconnecting,
        withCapabilities,
      }: { chainId?: number | undefined; isReconnecting?: boolean | undefined; withCapabilities?: withCapabilities | boolean | undefined } = {}) {
        if (isReconnecting) {
          await restored(portico)
          if ((await accountsOf()).length === 0) throw new UserRejectedRequestError(new Error('Portico has no connection to restore.'))
        } else {
          try {
            await provider().request({ method: 'eth_requestAccounts' })
          } catch (error) {
            if (codeOf(error) === ProviderRpcCode.UserRejectedRequest) throw new UserRejectedRequestError(error as Error)
            throw error
          }
        }
        let currentChainId = await chainIdOf()
        if (chainId !== undefined && chainId !== currentChainId) {
          const chain = await connector.switchChain({ chainId }).catch((error: unknown) => {
            if (error instanceof UserRejectedRequestError) throw error
            return undefined
          })
          currentChainId = chain?.id ?? currentChainId
        }
        const accounts = await accountsOf()
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: currentChainId,
        }
      },

      async disconnect() {
        await portico.disconnect({ namespace: NAMESPACE })
      },

      getAccounts: accountsOf,
      getChainId: chainIdOf,
      async getProvider() {
        return provider()
      },

      async isAuthorized() {
        await restored(portico)
        return (await accountsOf()).length > 0
      },

      async switchChain({ chainId }: { chainId: number }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        try {
          await provider().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: numberToHex(chainId) }] })
        } catch (error) {
          if (codeOf(error) === ProviderRpcCode.UserRejectedRequest) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        return chain
      },

      onAccountsChanged(accounts: string[]) {
        if (accounts.length === 0) connector.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((account) => getAddress(account)) })
      },
      onChainChanged(chainId: string) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      async onConnect(info: ProviderConnectInfo) {
        const accounts = await accountsOf()
        if (accounts.length > 0) config.emitter.emit('connect', { accounts, chainId: Number(info.chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
    return connector
  })
}

porticoConnector.type = 'portico' as const
