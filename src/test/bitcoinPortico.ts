// Portico instances as a Bitcoin dapp page would have them, in Node: the real bip122
// plugin finding the sats-connect dev wallet (real keys and PSBTs), against the Esplora
// stand-in (which checks every input signature). sats-connect looks providers up on the
// global `window`; plain Node has none, so an object stands in.
import { startEsplora, type Esplora } from '../../dev/esplora'
import { installBitcoinDevWallet, type InstalledBitcoinDevWallet } from '../../dev/wallets/bitcoin'
import { createPortico, type Portico } from '../createPortico'
import { bitcoinRegtest } from '../plugins/bip122/networks'
import { bip122 } from '../plugins/bip122/plugin'
import { memoryKeyValueStore } from './devWalletPortico'
import { untilState } from './untilState'

export const BITCOIN_DEV_WALLET = 'sats-connect:PorticoDevProviders.BitcoinProvider'

export type BitcoinStandIns = { esplora: Esplora; installed: InstalledBitcoinDevWallet }

/**
 * Starts the stand-ins for one test file, the dev wallet's payment address funded with
 * one output per entry of `fundings` (sats), and stops them after it; `start()` makes an
 * instance that is destroyed after its test.
 *
 * @example
 * const bitcoinPage = bitcoinPorticos({ fundings: [600_000] })
 * it('...', async () => { const portico = bitcoinPage.start(); await bitcoinPage.connect(portico) })
 */
export function bitcoinPorticos({ fundings }: { fundings: readonly number[] }) {
  const pageWindow: Record<string, unknown> = {}
  Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })
  let env: BitcoinStandIns | undefined
  const instances: Portico[] = []
  beforeAll(async () => {
    const esplora = await startEsplora()
    const installed = installBitcoinDevWallet({ window: pageWindow, esploraUrl: esplora.url, feeRate: 2 })
    for (const sats of fundings) esplora.fund(installed.wallet.dev.addresses().payment, sats)
    env = { esplora, installed }
  })
  beforeEach(() => env?.installed.wallet.dev.setApprove(() => true))
  afterEach(() => instances.splice(0).forEach((p) => p.destroy()))
  afterAll(async () => {
    env?.installed.uninstall()
    await env?.esplora.stop()
  })
  const standIns = (): BitcoinStandIns => {
    if (!env) throw new Error('The Bitcoin stand-ins did not start (see the beforeAll error above)')
    return env
  }
  return {
    standIns,
    start(): Portico {
      const portico = createPortico(
        { projectId: 'dapp', plugins: [bip122({ networks: [bitcoinRegtest], esploraUrl: standIns().esplora.url })], devtools: false, features: { email: false, socials: false } },
        { window: pageWindow as unknown as Window, storage: memoryKeyValueStore() },
      )
      instances.push(portico)
      return portico
    },
    /** What the visitor does in the modal: picks the dev wallet; resolves once connected. */
    async connect(portico: Portico): Promise<void> {
      await untilState(portico, (s) => (s.connectors.byNamespace.bip122 ?? []).some((c) => c.id === BITCOIN_DEV_WALLET), 15_000)
      portico.store.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: BITCOIN_DEV_WALLET, namespace: 'bip122' } })
      await untilState(portico, (s) => s.account.byNamespace.bip122?.status === 'connected', 15_000)
    },
  }
}
