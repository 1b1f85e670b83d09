/**
 * The onramp test provider: a checkout page served by this server that "sells" the
 * native currency of a LOCAL chain by sending it from a development key, so a visitor
 * sees the whole Buy flow end to end with no payment and no third party.
 *
 * Safety (docs/self-hosting.md): it is on only when ONRAMP_TEST_PROVIDER_KEY is set; it
 * delivers only on chains whose RPC URL is a loopback address and whose node says it is
 * a development node (anvil, Hardhat, Ganache), checked before every transfer; each
 * purchase is a session created through the project-guarded API, unguessable, claimed
 * once, within the payment limits and an hour old at most; the purchase POST takes JSON
 * from this server's own page only (Origin), and the page runs under a CSP that allows
 * nothing but this server's own script and style.
 */
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify'
import { type Address, type Hex, createWalletClient, getAddress, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { HttpError } from '../httpErrors'
import { type OnrampCatalog, type OnrampNetwork, amountLimits } from './catalog'
import { type OnrampProviderConfig, type PaymentMethod, currenciesOf, limitsOf } from './providers'
import { type OnrampPurchase, type OnrampPurchaseStore } from './purchases'

/** How long a checkout session may wait for Buy. */
export const TEST_PURCHASE_TTL_MS = 60 * 60 * 1000

export const TEST_PROVIDER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

export interface TestProviderRoutesOptions {
  funderKey: Hex
  purchases: OnrampPurchaseStore
  catalog: OnrampCatalog
  provider: OnrampProviderConfig
  now: () => number
}

interface PurchaseBody {
  session: string
  amount: string
  currency: string
  paymentMethod: PaymentMethod
}

/** The address that pays test purchases: the provider's sender for `history?onramp=test` (ONRAMP_SENDERS). */
export function testProviderSender(funderKey: Hex): Address {
  return privateKeyToAccount(funderKey).address
}

/**
 * @example
 * isLoopbackUrl('http://127.0.0.1:8545') // true
 * isLoopbackUrl('https://rpc.example') // false
 */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname
    return host === 'localhost' || host === '[::1]' || /^127(\.[0-9]{1,3}){3}$/.test(host)
  } catch {
    return false
  }
}

/** This server's origin as the caller reached it (behind a proxy: per trustProxy). */
export function serverOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`
}

export const testProviderRoutes: FastifyPluginAsync<TestProviderRoutesOptions> = async (app, { funderKey, purchases, catalog, provider, now }) => {
  const account = privateKeyToAccount(funderKey)
  const devNodes = new Map<string, Promise<boolean>>()
  // One transfer at a time per chain, so concurrent purchases never pick the same nonce.
  const queues = new Map<string, Promise<unknown>>()

  const secureHeaders = (reply: FastifyReply, type: string) =>
    reply
      .header('content-type', type)
      .header('content-security-policy', TEST_PROVIDER_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')

  app.get<{ Querystring: { session?: string } }>(
    '/onramp/test-provider',
    { schema: { querystring: { type: 'object', properties: { session: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const purchase = request.query.session === undefined ? undefined : await livePurchase(request.query.session).catch(() => undefined)
      secureHeaders(reply, 'text/html; charset=utf-8')
      if (purchase === undefined) return reply.code(404).send(page('Checkout not found', '<p>This checkout link is unknown, used or expired. Start again from the dapp.</p>'))
      return reply.send(checkoutPage(purchase))
    },
  )

  app.get('/onramp/test-provider.js', async (_request, reply) => secureHeaders(reply, 'text/javascript; charset=utf-8').send(CHECKOUT_SCRIPT))
  app.get('/onramp/test-provider.css', async (_request, reply) => secureHeaders(reply, 'text/css; charset=utf-8').send(CHECKOUT_STYLE))

  app.post<{ Body: PurchaseBody }>(
    '/onramp/test-provider/purchase',
    {
      schema: {
        body: {
          type: 'object',
          required: ['session', 'amount', 'currency', 'paymentMethod'],
          additionalProperties: false,
          properties: {
            session: { type: 'string', maxLength: 64 },
            amount: { type: 'string', pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$' },
            currency: { type: 'string', pattern: '^[A-Z]{3}$' },
            paymentMethod: { type: 'string', enum: ['card', 'bank'] },
          },
        },
      },
    },
    async (request) => {
      const origin = request.headers.origin
      if (origin !== undefined && origin !== serverOrigin(request)) throw new HttpError(403, 'Forbidden', 'Purchases are made from the provider page of this server only')
      const { session, amount, currency, paymentMethod } = request.body
      const purchase = await livePurchase(session)
      const network = catalog.network(provider, purchase.chainId)
      const quote = await catalog.quote({ provider, network, asset: purchase.asset, currency, amount: Number(amount), method: paymentMethod })
      if (quote.purchaseUnits === 0n) throw new HttpError(400, 'Bad Request', 'The amount buys nothing after fees', { code: 'AMOUNT_OUT_OF_RANGE' })
      if (!(await isDevNode(network))) {
        throw new HttpError(403, 'Forbidden', `${network.chainId} is not a local development node: the test provider sends nothing there`, { code: 'NOT_A_DEV_CHAIN' })
      }
      if (!(await purchases.claim(purchase.id, now()))) throw new HttpError(409, 'Conflict', 'This checkout is already paid', { code: 'PURCHASE_ALREADY_MADE' })
      let txHash: Hex
      try {
        txHash = await serially(network.chainId, () => deliver(network, getAddress(purchase.address), quote.purchaseUnits))
      } catch (error) {
        await purchases.fail(purchase.id, now())
        app.log.warn({ err: error }, `onramp test provider: transfer on ${network.chainId} failed`)
        throw new HttpError(502, 'Bad Gateway', `The transfer on ${network.chainId} failed`, { code: 'DELIVERY_FAILED' })
      }
      await purchases.complete(purchase.id, { fiatAmount: quote.paymentTotal, fiatCurrency: currency, cryptoAmount: quote.purchaseUnits.toString(), txHash, now: now() })
      return { status: 'completed', txHash, purchaseAmount: quote.purchaseAmount, symbol: network.native.symbol, address: purchase.address, chainId: network.chainId }
    },
  )

  async function livePurchase(id: string): Promise<OnrampPurchase> {
    const purchase = await purchases.get(id)
    if (purchase === undefined || purchase.provider !== provider.id || now() - purchase.createdAt.getTime() > TEST_PURCHASE_TTL_MS) {
      throw new HttpError(404, 'Not Found', 'This checkout is unknown or expired', { code: 'PURCHASE_NOT_FOUND' })
    }
    if (purchase.status !== 'created') throw new HttpError(409, 'Conflict', 'This checkout is already paid', { code: 'PURCHASE_ALREADY_MADE' })
    return purchase
  }

  /** Asked once per chain; an unanswered question is asked again next time. */
  function isDevNode(network: OnrampNetwork): Promise<boolean> {
    let answer = devNodes.get(network.chainId)
    if (answer === undefined) {
      answer = network.client.request({ method: 'web3_clientVersion' }).then((version) => /^(anvil|HardhatNetwork|Ganache)\b/i.test(version))
      devNodes.set(network.chainId, answer)
      answer.catch(() => devNodes.delete(network.chainId))
    }
    return answer.catch(() => false)
  }

  async function deliver(network: OnrampNetwork, to: Address, value: bigint): Promise<Hex> {
    const wallet = createWalletClient({ account, chain: network.client.chain, transport: http(network.config.rpcUrl) })
    const hash = await wallet.sendTransaction({ to, value, chain: wallet.chain })
    const receipt = await network.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 30_000 })
    if (receipt.status !== 'success') throw new Error(`transfer ${hash} reverted`)
    return hash
  }

  function serially<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (queues.get(key) ?? Promise.resolve()).then(task, task)
    queues.set(
      key,
      run.catch(() => undefined),
    )
    return run
  }

  function checkoutPage(purchase: OnrampPurchase): string {
    const network = catalog.network(provider, purchase.chainId)
    const limits = limitsOf(provider)
    const methods = (Object.keys(limits) as PaymentMethod[])
      .map((method) => {
        const { min, max } = amountLimits(provider, method)
        return `<option value="${method}">${method === 'card' ? 'Card' : 'Bank transfer'} (${min}–${max})</option>`
      })
      .join('')
    const currencies = currenciesOf(provider)
      .map((c) => `<option${c === purchase.fiatCurrency ? ' selected' : ''}>${escapeHtml(c)}</option>`)
      .join('')
    return page(
      `Buy ${network.native.symbol}`,
      `<p class="notice">Local development only: no payment is taken. ${escapeHtml(network.native.symbol)} is sent from a development account on the local chain.</p>
<dl>
  <dt>To</dt><dd><code>${escapeHtml(purchase.address)}</code></dd>
  <dt>Network</dt><dd>${escapeHtml(network.displayName)} (${escapeHtml(network.chainId)})</dd>
  <dt>Fee</dt><dd>${provider.feePercent} %</dd>
</dl>
<form id="checkout" data-session="${escapeHtml(purchase.id)}">
  <label>Amount <input name="amount" inputmode="decimal" required value="${escapeHtml(purchase.fiatAmount ?? '100')}"></label>
  <label>Currency <select name="currency">${currencies}</select></label>
  <label>Payment method <select name="paymentMethod">${methods}</select></label>
  <button type="submit">Buy</button>
</form>
<p id="result" role="status" aria-live="polite"></p>`,
    )
  }
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Portico Test Provider</title>
<link rel="stylesheet" href="/onramp/test-provider.css">
<script src="/onramp/test-provider.js" defer></script>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** The page's only script: posts the form as JSON and shows the outcome (text only, never HTML). */
const CHECKOUT_SCRIPT = `'use strict'
document.addEventListener('DOMContentLoaded', function () {
  var form = document.getElementById('checkout')
  var result = document.getElementById('result')
  if (!form || !result) return
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    var button = form.querySelector('button')
    var data = new FormData(form)
    button.disabled = true
    result.textContent = 'Processing…'
    fetch('/onramp/test-provider/purchase', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        session: form.dataset.session,
        amount: String(data.get('amount')).replace(',', '.'),
        currency: String(data.get('currency')),
        paymentMethod: String(data.get('paymentMethod')),
      }),
    })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.ok, body: body } })
      })
      .then(function (answer) {
        if (answer.ok) {
          result.textContent = 'Done: ' + answer.body.purchaseAmount + ' ' + answer.body.symbol + ' sent to ' + answer.body.address + ' (transaction ' + answer.body.txHash + '). You can close this page.'
          result.dataset.state = 'completed'
          form.hidden = true
        } else {
          result.textContent = answer.body.message || 'The purchase failed.'
          result.dataset.state = 'failed'
          button.disabled = false
        }
      })
      .catch(function () {
        result.textContent = 'The provider did not answer.'
        result.dataset.state = 'failed'
        button.disabled = false
      })
  })
})
`

const CHECKOUT_STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#141414}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:1.25rem;margin-top:0}
.notice{background:#fff4d6;padding:.5rem .75rem;border-radius:8px;font-size:.875rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#666}dd{margin:0;overflow-wrap:anywhere}
form{display:grid;gap:.75rem}
label{display:grid;gap:.25rem;font-size:.875rem}
input,select,button{font:inherit;padding:.5rem;border-radius:8px;border:1px solid #ccc}
button{background:#3b5bdb;color:#fff;border:0;cursor:pointer}
button:disabled{opacity:.6}
#result{overflow-wrap:anywhere}
#result[data-state=failed]{color:#c92a2a}
`
