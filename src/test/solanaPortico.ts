// Portico instances as a Solana dapp page would have them, in Node: the real solana plugin
// discovering the Wallet Standard dev wallet (real ed25519 keys), funded on the LiteSVM
// RPC stand-in. Wallet Standard apps listen on `window`; plain Node has none, so an
// EventTarget stands in for it.
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
} from '@solana/kit'
import { solanaLocalnet, startSolanaRpc, type SolanaRpc } from '../../dev/solana'
import { installSolanaDevWallet, type InstalledSolanaDevWallet } from '../../dev/wallets/solana'
import { createPortico, type Portico } from '../createPortico'
import { solana } from '../plugins/solana/plugin'
import { transferSolInstruction } from '../plugins/solana/transfer'
import type { CaipNetwork } from '../types/network'
import { memoryKeyValueStore } from './devWalletPortico'
import { untilState } from './untilState'

export const SOLANA_DEV_WALLET = 'wallet-standard:Portico Dev Wallet'
const LAMPORTS_PER_SOL = 1_000_000_000n

/** An unsigned version 0 transaction moving `lamports` from `from` to `to`, on a fresh blockhash of `rpcUrl`. */
export async function solanaTransferBytes(rpcUrl: string, from: string, to: string, lamports: bigint): Promise<Uint8Array> {
  const { value: blockhash } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstruction(transferSolInstruction(from as Address, to as Address, lamports), m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}

export type SolanaStandIns = { rpc: SolanaRpc; localnet: CaipNetwork; installed: InstalledSolanaDevWallet }

/**
 * Starts the stand-ins for one test file (the dev wallet holds 5 SOL) and stops them
 * after it; `start()` makes an instance that is destroyed after its test.
 *
 * @example
 * const solanaPage = solanaPorticos()
 * it('...', async () => { const portico = solanaPage.start(); await solanaPage.connect(portico) })
 */
export function solanaPorticos() {
  const pageWindow = new EventTarget()
  Object.defineProperty(globalThis, 'window', { value: pageWindow, configurable: true })
  let env: SolanaStandIns | undefined
  const instances: Portico[] = []
  beforeAll(async () => {
    const rpc = await startSolanaRpc()
    const installed = await installSolanaDevWallet({ rpcUrl: rpc.url })
    rpc.airdrop(installed.wallet.dev.addresses()[0]!, 5n * LAMPORTS_PER_SOL)
    env = { rpc, localnet: solanaLocalnet(rpc.url), installed }
  })
  beforeEach(() => env?.installed.wallet.dev.setApprove(() => true))
  afterEach(() => instances.splice(0).forEach((p) => p.destroy()))
  afterAll(async () => {
    env?.installed.uninstall()
    await env?.rpc.stop()
  })
  const standIns = (): SolanaStandIns => {
    if (!env) throw new Error('The Solana stand-ins did not start (see the beforeAll error above)')
    return env
  }
  return {
    standIns,
    start(): Portico {
      const portico = createPortico(
        { projectId: 'dapp', plugins: [solana({ networks: [standIns().localnet] })], devtools: false, features: { email: false, socials: false } },
        { window: pageWindow as unknown as Window, storage: memoryKeyValueStore() },
      )
      instances.push(portico)
      return portico
    },
    /** What the visitor does in the modal: picks the dev wallet, once the modal shows it. */
    async pickDevWallet(portico: Portico, options: { modalOpen?: boolean } = {}) {
      await untilState(portico, (s) => (!options.modalOpen || s.modal.open) && (s.connectors.byNamespace.solana ?? []).some((c) => c.id === SOLANA_DEV_WALLET), 15_000)
      portico.store.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: SOLANA_DEV_WALLET, namespace: 'solana' } })
    },
    async connect(portico: Portico) {
      await this.pickDevWallet(portico)
      await untilState(portico, (s) => s.account.byNamespace.solana?.status === 'connected', 15_000)
    },
  }
}
