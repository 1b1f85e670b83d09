/**
 * Test-only: a local relay, a real sign-client wallet (the dev wallet) and the dapp
 * client, wired together. Nothing in the library imports this file.
 */
import { startRelay, type Relay } from '../../../dev/relay'
import { createWalletConnectDevWallet, type DevWalletEvent, type WalletConnectDevWallet, type WalletConnectDevWalletOptions } from '../../../dev/wallets/walletconnect/wallet'
import { createPortico, type Portico } from '../../createPortico'
import type { NamespacePlugin } from '../../plugins/types'
import type { PorticoState } from '../../store'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { untilState } from '../../test/untilState'
import type { CaipNetwork } from '../../types/network'
import { createWalletConnectClient } from '../client'
import { builtInProtocols } from './protocols'
import type { WalletConnectClient, WalletConnectClientOptions, WalletConnectEvent } from '../types'
import { lazyState } from '../../store/lazyState'

export const testNetwork = (id: number, rpcUrl?: string): CaipNetwork => ({
  id,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: rpcUrl ? [rpcUrl] : [] } },
})

export const dappMetadata = { name: 'Portico test dapp', description: 'jest', url: 'http://127.0.0.1', icons: ['http://127.0.0.1/icon.png'] }

/**
 * sign-client schedules a one-shot timer 1 s after init (it replays pending messages);
 * it cannot be cancelled, so test files wait it out in `afterAll` and nothing runs
 * after them. Call `noteSignClientInit()` after creating a client outside the harness.
 */
let lastInit = 0
export const noteSignClientInit = () => {
  lastInit = Date.now()
}
export async function settleSignClientTimers(): Promise<void> {
  const wait = lastInit + 1100 - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
}

export type Harness = {
  relay: Relay
  wallet: WalletConnectDevWallet
  dapp: WalletConnectClient
  /** Stops the dapp, the wallet and the relay; resolves once every socket is closed. */
  stop(): Promise<void>
}

export async function startHarness(options: { networks?: CaipNetwork[]; wallet?: Partial<WalletConnectDevWalletOptions>; dapp?: Partial<WalletConnectClientOptions> } = {}): Promise<Harness> {
  const relay = await startRelay()
  const wallet = await createWalletConnectDevWallet({ relayUrl: relay.url, ...options.wallet })
  const dapp = createWalletConnectClient({
    projectId: 'portico-test',
    relayUrl: relay.url,
    metadata: dappMetadata,
    networks: options.networks ?? [testNetwork(1), testNetwork(10)],
    protocols: builtInProtocols,
    ...options.dapp,
  })
  await dapp.init()
  noteSignClientInit()
  return {
    relay,
    wallet,
    dapp,
    async stop() {
      await Promise.all([dapp.destroy(), wallet.destroy()])
      await relay.stop()
    },
  }
}

/** Resolves with the next dapp event of `type`. */
export function nextDappEvent<T extends WalletConnectEvent['type']>(dapp: WalletConnectClient, type: T): Promise<Extract<WalletConnectEvent, { type: T }>> {
  return new Promise((resolve) => {
    const off = dapp.onEvent((event) => {
      if (event.type !== type) return
      off()
      resolve(event as Extract<WalletConnectEvent, { type: T }>)
    })
  })
}

/** Resolves with the next wallet event of `type`. */
export function nextWalletEvent<T extends DevWalletEvent['type']>(wallet: WalletConnectDevWallet, type: T): Promise<Extract<DevWalletEvent, { type: T }>> {
  return new Promise((resolve) => {
    const off = wallet.on((event) => {
      if (event.type !== type) return
      off()
      resolve(event as Extract<DevWalletEvent, { type: T }>)
    })
  })
}

/** Polls `predicate` every 5 ms (for state that changes without an event). */
export async function until(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
  const started = Date.now()
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/**
 * A Portico instance with `plugins`, paired through `relay` with the dev `wallet` as a
 * visitor does it: the modal opens, WalletConnect is picked, the wallet scans the URI.
 * Resolves once `connected` holds (each namespace connects on its own).
 *
 * @example
 * portico = await pairedPortico({ relay, wallet, plugins: [eip155Plugin], connected: (s) => s.account.byNamespace.eip155?.status === 'connected' })
 */
export async function pairedPortico({
  relay,
  wallet,
  plugins,
  connected,
}: {
  relay: Relay
  wallet: WalletConnectDevWallet
  plugins: NamespacePlugin[]
  connected: (state: PorticoState) => boolean
}): Promise<Portico> {
  const portico = createPortico(
    { projectId: 'portico-test', plugins, devtools: false, endpoints: { relay: relay.url }, metadata: { name: 'Portico test', description: '', url: 'http://127.0.0.1', icons: [] } },
    { storage: null },
  )
  await portico.ready()
  portico.open()
  portico.store.dispatch(walletConnectActions.connectRequested({}))
  await untilState(portico, (s) => lazyState(s, 'walletConnect').uri !== undefined, 10_000)
  noteSignClientInit()
  await wallet.pair(lazyState(portico.getState(), 'walletConnect').uri!)
  await untilState(portico, connected, 15_000)
  return portico
}
