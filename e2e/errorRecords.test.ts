import { screenshot, setupStackAndBrowser, watchPageErrors } from './browser'
import { readState } from './pageState'

// Errors and toasts are records in the store ({ code, key, params }); the modal shows
// them through the visitor's catalogue. Here in French, on the demo, with the dev wallet
// on the local chain: a send the balance cannot cover, then the copy toast.
jest.setTimeout(90_000)

const env = setupStackAndBrowser()

describe('error and notice records, translated in Chromium', () => {
  it('shows the send form’s balance error and the copy toast in French, and keeps records in the store', async () => {
    const page = await env.browser().newPage({ viewport: { width: 900, height: 820 }, permissions: ['clipboard-read', 'clipboard-write'] })
    const errors = watchPageErrors(page)
    await page.goto(`${env.stack().demoUrl}?locale=fr`)
    await page.getByRole('button', { name: 'Connecter un portefeuille' }).first().click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Portico Dev Wallet/ })
      .first()
      .click()
    await page
      .getByTestId('demo-status')
      .filter({ hasText: /^connected$/ })
      .waitFor()

    await page.evaluate(() => (globalThis as unknown as { portico: { open(o: { view: string }): void } }).portico.open({ view: 'Send' }))
    const form = page.getByRole('dialog', { name: 'Envoyer' })
    await form.getByLabel('Montant').waitFor()
    await form.getByLabel('Montant').fill('1000000000')
    await form.getByLabel('Adresse du destinataire').fill('0x2222222222222222222222222222222222222222')
    const problem = form.getByTestId('portico-send-problem')
    await problem.waitFor()
    expect(await problem.textContent()).toBe('Le montant dépasse le solde')
    await screenshot(page, 'send-amount-over-balance-fr')

    await page.evaluate(() => (globalThis as unknown as { portico: { open(o: { view: string }): void } }).portico.open({ view: 'Account' }))
    await page.getByRole('dialog', { name: 'Compte' }).getByRole('button', { name: 'Recevoir: Copier l’adresse' }).click()
    const toast = page.getByTestId('portico-toast')
    await toast.waitFor()
    expect(await toast.textContent()).toBe('Copié')
    expect(await page.evaluate(readState, 'alerts.toast.message')).toEqual({ code: null, key: 'notices.copied', params: {} })
    await screenshot(page, 'toast-copied-fr')
    expect(errors).toEqual([])
    await page.close()
  })
})
