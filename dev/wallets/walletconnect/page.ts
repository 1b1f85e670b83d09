// Browser entry of the WalletConnect dev wallet page, bundled by build.ts. The page
// loads its config script first, then this bundle:
//
//   <script src="wc-wallet-config.js"></script>  // globalThis.PORTICO_WC_WALLET = { relayUrl, rpcUrls, solana?, bitcoin? }
//   <script src="wc-wallet.js"></script>
//
// Paste the dapp's `wc:` URI (or open the page with `?uri=wc:...`); proposals and
// requests wait for Approve / Reject, unless `?auto=1` (or `autoApprove`) says yes to all.
// The DOM is built with createElement/textContent only, so the page runs under a strict
// Content-Security-Policy.
import type { Hex } from 'viem'
import { createWalletConnectDevWallet, type DevWalletEvent, type WalletConnectDevWallet } from './wallet'

/** The dev wallet's icon as a data: URL, which a strict dapp CSP allows for images. */
export const DEV_WALLET_ICON = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#1f7a5c"/><rect x="7" y="10" width="18" height="13" rx="3" fill="#fff"/></svg>')}`

export type WalletConnectWalletPageConfig = {
  relayUrl: string
  projectId?: string
  /** Chain id → RPC URL (eth_sendTransaction). */
  rpcUrls?: Record<string, string>
  chainIds?: number[]
  privateKey?: Hex
  /** Serve Solana too: the chains (CAIP-2) and the RPC its sends go to (the Solana stand-in). */
  solana?: { rpcUrl: string; chains: string[] }
  /** Serve Bitcoin too: the chains (CAIP-2, default Regtest) and the Esplora API its sends go to. */
  bitcoin?: { esploraUrl: string; chains?: string[] }
  autoApprove?: boolean
}

declare global {
  var PORTICO_WC_WALLET: WalletConnectWalletPageConfig | undefined
  var porticoWalletConnectWallet: WalletConnectDevWallet | undefined
}

type Decision = { resolve: (approved: boolean) => void }

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: { text?: string; className?: string; attrs?: Record<string, string> } = {}, ...children: Node[]) => {
  const node = document.createElement(tag)
  if (props.text !== undefined) node.textContent = props.text
  if (props.className) node.className = props.className
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value)
  node.append(...children)
  return node
}

function byId<T extends HTMLElement>(id: string): T {
  const node = document.getElementById(id)
  if (!node) throw new Error(`#${id} is missing from the page`)
  return node as T
}

async function main() {
  const config = globalThis.PORTICO_WC_WALLET
  const status = byId<HTMLParagraphElement>('status')
  if (!config?.relayUrl) {
    status.textContent = 'Set globalThis.PORTICO_WC_WALLET = { relayUrl, rpcUrls } in wc-wallet-config.js.'
    return
  }
  const query = new URLSearchParams(location.search)
  const auto = byId<HTMLInputElement>('auto')
  auto.checked = query.get('auto') === '1' || config.autoApprove === true
  const pending = byId<HTMLUListElement>('pending')
  const sessions = byId<HTMLUListElement>('sessions')
  const log = byId<HTMLOListElement>('log')

  /** A prompt with Approve / Reject; one with an expiry (epoch seconds) goes away unanswered at it. */
  const ask = (title: string, detail: string, expiresAt?: number) =>
    new Promise<boolean>((resolve) => {
      if (auto.checked) return resolve(true)
      const decision: Decision = { resolve }
      const approve = el('button', { text: 'Approve', attrs: { type: 'button', 'data-action': 'approve' } })
      const reject = el('button', { text: 'Reject', className: 'secondary', attrs: { type: 'button', 'data-action': 'reject' } })
      const item = el('li', { className: 'pending' }, el('strong', { text: title }), el('pre', { text: detail }), el('div', { className: 'buttons' }, approve, reject))
      const settle = (approved: boolean) => {
        item.remove()
        decision.resolve(approved)
      }
      approve.addEventListener('click', () => settle(true))
      reject.addEventListener('click', () => settle(false))
      if (expiresAt !== undefined) setTimeout(() => item.isConnected && settle(false), Math.max(0, expiresAt * 1000 - Date.now()))
      pending.append(item)
    })

  status.textContent = 'Connecting to the relay…'
  const wallet = await createWalletConnectDevWallet({
    relayUrl: config.relayUrl,
    projectId: config.projectId,
    rpcUrls: config.rpcUrls,
    chainIds: config.chainIds,
    privateKey: config.privateKey,
    solana: config.solana,
    bitcoin: config.bitcoin,
    // An explicit icon: with none, the sign-client derives one from the page's <link rel=icon>.
    metadata: { name: 'Portico Dev Wallet (WalletConnect)', description: 'Development wallet over a public test key.', url: location.origin, icons: [DEV_WALLET_ICON] },
    decideProposal: (proposal) => ask(`Connect to ${proposal.dapp.name}?`, `${proposal.dapp.url}\nChains: ${proposal.chains.join(', ')}`),
    decideRequest: (request) => ask(`${request.method} on ${request.chainId}`, JSON.stringify(request.params, null, 2), request.expiresAt),
  })
  globalThis.porticoWalletConnectWallet = wallet
  byId('address').textContent = [wallet.address, wallet.solanaAddress, wallet.bitcoinAddress].filter(Boolean).join(' · ')
  status.textContent = `Ready on ${config.relayUrl}`

  const renderSessions = () => {
    sessions.replaceChildren(
      ...wallet.sessions().map((session) => {
        const chain = el('select', { attrs: { 'aria-label': 'Chain' } }, ...(config.chainIds ?? [1, 10]).map((id) => el('option', { text: `eip155:${id}`, attrs: { value: String(id) } })))
        const switchButton = el('button', { text: 'Switch chain', className: 'secondary', attrs: { type: 'button' } })
        const disconnect = el('button', { text: 'Disconnect', className: 'secondary', attrs: { type: 'button', 'data-action': 'disconnect' } })
        switchButton.addEventListener('click', () => void wallet.emitChainChanged(session.topic, Number((chain as HTMLSelectElement).value)).catch(report))
        disconnect.addEventListener('click', () => void wallet.disconnect(session.topic).then(renderSessions, report))
        return el('li', {}, el('strong', { text: session.dapp }), el('span', { text: ` ${session.accounts.join(', ')}` }), el('div', { className: 'buttons' }, chain, switchButton, disconnect))
      }),
    )
  }
  const report = (error: unknown) => append({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  const append = (event: DevWalletEvent) => {
    log.prepend(el('li', { text: describe(event) }))
    if (event.type === 'approved' || event.type === 'deleted') renderSessions()
  }
  wallet.on(append)

  const form = byId<HTMLFormElement>('pair')
  const input = byId<HTMLInputElement>('uri')
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const uri = input.value.trim()
    input.value = ''
    wallet.pair(uri).catch(report)
  })
  const fromQuery = query.get('uri')
  if (fromQuery) wallet.pair(fromQuery).catch(report)
}

function describe(event: DevWalletEvent): string {
  switch (event.type) {
    case 'proposal':
      return `Proposal from ${event.proposal.dapp.name} for ${event.proposal.requested.join(', ')}`
    case 'approved':
      return `Session ${event.topic.slice(0, 8)}… approved: ${event.accounts.join(', ')}`
    case 'rejected':
      return `Proposal ${event.id} rejected`
    case 'request':
      return `Request ${event.request.method} on ${event.request.chainId}`
    case 'expired':
      return `Request ${event.request.method} on ${event.request.chainId} expired unanswered`
    case 'responded':
      return event.error ? `${event.request.method} failed: ${event.error.message}` : `${event.request.method} answered: ${JSON.stringify(event.result)}`
    case 'deleted':
      return `Session ${event.topic.slice(0, 8)}… ended`
    case 'error':
      return `Error: ${event.message}`
  }
}

main().catch((error: unknown) => {
  const status = document.getElementById('status')
  if (status) status.textContent = `Could not start: ${error instanceof Error ? error.message : String(error)}`
})
