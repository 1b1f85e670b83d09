// A Portico instance as a dapp page with the injected dev wallet would have it, in Node:
// the real eip155 plugin discovering the dev wallet (EIP-6963 on a window stand-in) over
// real local chains. For tests of what the dapp gets back from a connection.
import { devAccounts } from '../../dev/chain/devAccounts'
import { startDevChains, type DevChains } from '../../dev/chain/devChains'
import { installDevWallet, type DevWalletOptions, type DevWalletProvider } from '../../dev/wallets/injected'
import { createTestHost } from '../../dev/wallets/injected/testing'
import type { PorticoConfig } from '../config/types'
import { createPortico, type Portico } from '../createPortico'
import { eip155 } from '../plugins/eip155'
import type { KeyValueStore } from '../storage/createStorage'
import { untilState } from './untilState'

export const DEV_WALLET_CONNECTOR_ID = 'dev.portico.wallet'

export function memoryKeyValueStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}

export type DevWalletPortico = { portico: Portico; wallet: DevWalletProvider; stop(): void }

/**
 * @example
 * const { portico, wallet, stop } = startDevWalletPortico(dev, { account: 3 })
 * await connectDevWallet(portico)
 */
export function startDevWalletPortico(
  dev: DevChains,
  options: {
    account?: number
    storage?: KeyValueStore
    wallet?: Partial<Pick<DevWalletOptions, 'approve' | 'authorized' | 'chainId'>>
    /** More of the dapp's config (projectId, endpoints, features…) over the defaults here. */
    config?: Partial<PorticoConfig>
  } = {},
): DevWalletPortico {
  const host = createTestHost()
  const account = devAccounts[options.account ?? 0]!
  const installed = installDevWallet({ rpcUrls: dev.rpcUrls, privateKey: account.privateKey, window: host, ...options.wallet })
  const portico = createPortico(
    {
      projectId: 'dapp',
      plugins: [eip155({ networks: dev.networks })],
      devtools: false,
      ...options.config,
      features: { email: false, socials: false, ...options.config?.features },
    },
    { window: host as unknown as Window, storage: options.storage ?? memoryKeyValueStore() },
  )
  return {
    portico,
    wallet: installed.provider,
    stop() {
      portico.destroy()
      installed.uninstall()
    },
  }
}

/** What the visitor does in the modal: picks the dev wallet; resolves once connected. */
export async function connectDevWallet(portico: Portico): Promise<void> {
  await untilState(portico, (s) => (s.connectors.byNamespace.eip155 ?? []).some((c) => c.id === DEV_WALLET_CONNECTOR_ID), 15_000)
  portico.store.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: DEV_WALLET_CONNECTOR_ID, namespace: 'eip155' } })
  await untilState(portico, (s) => s.account.byNamespace.eip155?.status === 'connected', 15_000)
}

/**
 * The local chains and `startDevWalletPortico` for one test file: the chains start before
 * its tests and stop after them, each instance is stopped after its test.
 *
 * @example
 * const env = devWalletPorticos()
 * const { start } = env
 * it('...', async () => { const { portico } = start({ account: 3 }); env.dev.chains[0] })
 */
export function devWalletPorticos() {
  let chains: DevChains | undefined
  const running: DevWalletPortico[] = []
  beforeAll(async () => {
    chains = await startDevChains()
  })
  afterEach(() => running.splice(0).forEach((r) => r.stop()))
  afterAll(() => chains?.stop())
  const dev = (): DevChains => {
    if (!chains) throw new Error('The local chains did not start (see the beforeAll error above)')
    return chains
  }
  return {
    /** The running chains (inside tests and hooks after the file's beforeAll). */
    get dev() {
      return dev()
    },
    start(options: Parameters<typeof startDevWalletPortico>[1] = {}): DevWalletPortico {
      const started = startDevWalletPortico(dev(), options)
      running.push(started)
      return started
    },
  }
}
