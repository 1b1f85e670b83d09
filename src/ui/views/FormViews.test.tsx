import { fireEvent, screen, within } from '@testing-library/react'
import { ErrorMessages } from '../../errors'
import { accountActions } from '../../store/slices/account'
import { alertsActions } from '../../store/slices/alerts'
import { networkActions } from '../../store/slices/network'
import { onrampActions } from '../../store/slices/onramp'
import { routerActions } from '../../store/slices/router'
import { sendActions } from '../../store/slices/send'
import { swapActions } from '../../store/slices/swap'
import { walletConnectActions } from '../../store/slices/walletConnect'
import { createFakeNamespacePlugin, testNetwork } from '../../test/fakeNamespacePlugin'
import { AMOUNT_OVER_BALANCE_MESSAGE, TOO_MANY_DECIMALS_MESSAGE } from '../../validation/send'
import { connected, token } from '../test/fixtures'
import { renderView } from '../test/renderView'
import { messageRecord } from '../../errors/record'

const RECEIVER = '0x1234567890abcdef1234567890abcdef12345678'
const HASH = '0xabcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789'
const explorerNetwork = { ...testNetwork(1, 'Ethereum'), blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } } }

async function connectedView(view: 'Send' | 'Swap' | 'Buy' | 'RegisterAccountName') {
  const utils = await renderView(undefined)
  utils.dispatch(connected())
  await utils.open({ view })
  return utils
}

describe('Send', () => {
  it('loads balances, then picks the native token and shows the available amount', async () => {
    const { dispatch, dispatched } = await connectedView('Send')
    expect(dispatched('account/balanceRequested')).toEqual([{ namespace: 'eip155' }])
    expect(screen.getByText('Loading balances…')).toBeTruthy()
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('USDC', '5', 1, 'x'), token('ETH', '1.5', 3000)] }))
    expect((screen.getByLabelText('Token') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('ETH · 1.500')
    expect(screen.getByText('Available: 1.500 ETH')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Max' }))
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('1.5')
  })

  it('shows the validateSend messages live, and sends only a valid form', async () => {
    const { dispatch, dispatched, dialog } = await connectedView('Send')
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe(ErrorMessages.amountAndReceiverRequired)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0,5' } })
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: '0x123' } })
    expect(within(dialog()).getByRole('alert').textContent).toBe('Invalid receiver address')
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: RECEIVER } })
    expect(within(dialog()).getByRole('alert').textContent).toBe(ErrorMessages.tokenRequired)
    expect(dispatched('send/sendRequested')).toEqual([])
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: (screen.getByLabelText('Token') as HTMLSelectElement).options[1]!.value } })
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(dispatched('send/sendRequested')).toHaveLength(1)
    expect(screen.getByText('Sending…')).toBeTruthy()
  })

  it("checks a Solana token's amount against its own decimals and balance, not SOL's", async () => {
    const localnet = { ...testNetwork(1), id: 'x', chainNamespace: 'solana', caipNetworkId: 'solana:x', name: 'Solana Localnet' } as const
    const utils = await renderView(undefined, { config: { plugins: [createFakeNamespacePlugin({ namespace: 'solana', networks: [localnet], connectors: [] }).plugin] } })
    utils.dispatch(connected('solana', 'DevWa11etAddress1111111111111111111111111111'))
    await utils.open({ view: 'Send' })
    const sol = { ...token('SOL', '10', 150), chainId: 'solana:x', quantity: { decimals: '9', numeric: '10' } }
    const ptt = { ...token('PTT', '1000', 1, 'solana:x:HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp'), chainId: 'solana:x', quantity: { decimals: '6', numeric: '1000' } }
    utils.dispatch(accountActions.tokenBalanceLoaded({ namespace: 'solana', tokens: [sol, ptt] }))
    fireEvent.change(screen.getByLabelText('Token'), { target: { value: 'solana:x:solana:x:HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp:PTT' } })
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: 'So11111111111111111111111111111111111111112' } })
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.0000001' } })
    expect(within(utils.dialog()).getByRole('alert').textContent).toBe(TOO_MANY_DECIMALS_MESSAGE)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1000.000001' } })
    expect(within(utils.dialog()).getByRole('alert').textContent).toBe(AMOUNT_OVER_BALANCE_MESSAGE)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '999.999999' } })
    expect(within(utils.dialog()).queryByRole('alert')).toBeNull()
  })

  it('reads balances again each time Send opens, checks the amount against the fresh one, and waits for it', async () => {
    const utils = await renderView(undefined)
    utils.dispatch(connected())
    utils.dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '0', 3000)] }))
    await utils.open({ view: 'Send' })
    // Loaded before Send opened: read again, past the cache (funds may have arrived since).
    expect(utils.dispatched('account/balanceRequested')).toEqual([{ namespace: 'eip155', force: true }])
    utils.dispatch(accountActions.tokenBalanceLoading({ namespace: 'eip155' })) // what the balance saga does first
    const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement
    expect(send().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: RECEIVER } })
    expect(within(utils.dialog()).getByRole('alert').textContent).toBe(AMOUNT_OVER_BALANCE_MESSAGE)
    utils.dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '2', 3000)] }))
    expect(within(utils.dialog()).queryByRole('alert')).toBeNull()
    expect(screen.getByText('Available: 2.000 ETH')).toBeTruthy()
    expect(send().disabled).toBe(false)
    fireEvent.click(send())
    expect(utils.dispatched('send/sendRequested')).toHaveLength(1)
  })

  it('shows an amount over the balance inline and disables Send until the amount fits', async () => {
    const { dispatch, dispatched, dialog } = await connectedView('Send')
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    const send = () => screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: RECEIVER } })
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '200000' } })
    expect(within(dialog()).getByRole('alert').textContent).toBe('The amount is more than the balance')
    expect(send().disabled).toBe(true)
    fireEvent.click(send())
    expect(dispatched('send/sendRequested')).toEqual([])
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1.5' } })
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    expect(send().disabled).toBe(false)
  })

  it('shows the failure on the form, or ends on the result: amount, receiver, hash to copy, explorer link and Done', async () => {
    const writeText = jest.fn(async () => undefined)
    Object.assign(navigator, { clipboard: { writeText } })
    const utils = await renderView(undefined, { networks: [explorerNetwork] })
    utils.dispatch(connected())
    await utils.open({ view: 'Send' })
    const { dispatch, dialog } = utils
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    dispatch(sendActions.sendFailed({ error: messageRecord('errors.nodeInsufficientFunds', {}, 'node/insufficientFunds') }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('Insufficient funds: the account cannot pay the amount plus the network fee.')
    dispatch(sendActions.tokenSet(token('ETH', '1.5', 3000)), sendActions.amountSet('0.25'), sendActions.receiverSet({ address: RECEIVER }), sendActions.sent({ hash: HASH }))
    expect(within(dialog()).getByRole('status').textContent).toBe('Sent0.250 ETH to 0x12…345678')
    expect(within(dialog()).getByText('0xab…456789').getAttribute('title')).toBe(HASH)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Copy transaction hash' }))
    expect(writeText).toHaveBeenCalledWith(HASH)
    expect(within(dialog()).getByRole('link', { name: 'View on Etherscan' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }))
    expect(utils.store.getState().router.history.map((route) => route.view)).toEqual(['Account'])
    // Send opened again is a fresh form.
    dispatch(routerActions.push({ view: 'Send' }))
    expect(within(dialog()).queryByTestId('portico-transaction-result')).toBeNull()
  })

  it("says a send that failed for want of the fee in words, in the visitor's language", async () => {
    const { dispatch, dialog } = await connectedView('Send')
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    dispatch(sendActions.sendFailed({ error: messageRecord('errors.noFundsForNetworkFee', { symbol: 'ETH' }, 'AA21') }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('This account has no ETH to pay the network fee')
  })

  it('has no explorer link on a network without an https explorer', async () => {
    const { dispatch, dialog } = await connectedView('Send')
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    dispatch(sendActions.amountSet('0.00001234'), sendActions.receiverSet({ address: RECEIVER }), sendActions.sent({ hash: HASH }))
    // The amount keeps every digit typed (3 decimals at least, SPEC §9).
    expect(within(dialog()).getByRole('status').textContent).toBe('Sent0.00001234 ETH to 0x12…345678')
    expect(within(dialog()).queryByRole('link')).toBeNull()
  })

  it('clears when the network switches (SPEC §4)', async () => {
    const { dispatch } = await connectedView('Send')
    dispatch(accountActions.tokenBalanceLoaded({ namespace: 'eip155', tokens: [token('ETH', '1.5', 3000)] }))
    fireEvent.change(screen.getByLabelText('Receiver address'), { target: { value: RECEIVER } })
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect((screen.getByLabelText('Receiver address') as HTMLInputElement).value).toBe('')
  })
})

describe('Swap', () => {
  const eth = { name: 'Ether', symbol: 'ETH', decimals: 18, address: 'e', iconUrl: '' }
  const usdc = { name: 'USD Coin', symbol: 'USDC', decimals: 6, address: 'u', iconUrl: '' }
  const preview = { toAmount: '4500.12345', minimumReceived: '4455.1222', rate: '3000.08', networkFee: '0.00031', networkFeeSymbol: 'ETH', needsApproval: true }

  it('asks for tokens and waits for them, or shows the failure with a retry, or says there are none', async () => {
    const { dispatch, dispatched, dialog } = await connectedView('Swap')
    expect(dispatched('swap/tokensRequested')).toHaveLength(1)
    expect(screen.getByText('Loading tokens…')).toBeTruthy()
    dispatch(swapActions.tokensFailed({ error: messageRecord('errors.httpStatus', { status: 500 }, 500) }))
    expect(within(dialog()).getByRole('alert').textContent).toContain('HTTP status code: 500')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Try again' }))
    expect(dispatched('swap/tokensRequested')).toHaveLength(2)
    dispatch(swapActions.tokensLoaded([]))
    expect(screen.getByText('No tokens can be swapped on this network.')).toBeTruthy()
  })

  it('asks for a quote once both tokens and an amount are set, and previews it', async () => {
    const { dispatch, dispatched } = await connectedView('Swap')
    dispatch(swapActions.tokensLoaded([eth, usdc]))
    fireEvent.change(screen.getByLabelText('You pay: Token'), { target: { value: 'e' } })
    fireEvent.change(screen.getByLabelText('You pay: Amount'), { target: { value: '1.5' } })
    expect(dispatched('swap/quoteRequested')).toEqual([])
    fireEvent.change(screen.getByLabelText('You receive: Token'), { target: { value: 'u' } })
    expect(dispatched('swap/quoteRequested')).toHaveLength(1)
    expect(screen.getByText('Fetching the best price…')).toBeTruthy()
    dispatch(swapActions.quoted({ toAmount: '4500.12345', gasPrice: '1000000000', quote: preview }))
    expect((screen.getByLabelText('You receive: Amount') as HTMLInputElement).value).toBe('4500.123')
    // Shown amounts are grouped for the locale (English here); the input keeps the plain decimal.
    expect(screen.getByText('1 ETH = 3,000.0800 USDC')).toBeTruthy()
    expect(screen.getByText('4,455.122 USDC')).toBeTruthy()
    expect(screen.getByText('≈ 0.000310 ETH')).toBeTruthy()
    expect(screen.getByText('1%')).toBeTruthy()
    expect(screen.getByText(/Your wallet asks first to let the pool spend your ETH/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Swap' }))
    expect(dispatched('swap/swapRequested')).toHaveLength(1)
  })

  it('shows the approval and the swap while they are signed and mined, and disables the form', async () => {
    const { dispatch } = await connectedView('Swap')
    dispatch(swapActions.tokensLoaded([eth, usdc]), swapActions.sourceTokenSet(eth), swapActions.toTokenSet(usdc), swapActions.approving({}))
    expect(screen.getByText('Approve the token in your wallet…')).toBeTruthy()
    expect((screen.getByLabelText('You pay: Amount') as HTMLInputElement).disabled).toBe(true)
    dispatch(swapActions.approving({ hash: '0x1' }))
    expect(screen.getByText('Waiting for the approval to be confirmed…')).toBeTruthy()
    dispatch(swapActions.swapping({ hash: '0x2' }))
    expect(screen.getByText('Waiting for the swap to be confirmed…')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Enter an amount' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('ends on the result once the swap is mined: paid and received, hash, explorer link, Done to the account; a new Swap is a fresh form', async () => {
    const utils = await renderView(undefined, { networks: [explorerNetwork] })
    utils.dispatch(connected())
    await utils.open({ view: 'Swap' })
    const { dispatch, dialog } = utils
    dispatch(swapActions.tokensLoaded([eth, usdc]), swapActions.sourceTokenSet(eth), swapActions.toTokenSet(usdc))
    dispatch(swapActions.swapped({ hash: HASH, paid: { amount: '1.5', symbol: 'ETH' }, received: { amount: '4500.12345', symbol: 'USDC' } }))
    expect(within(dialog()).getByRole('status').textContent).toBe('Swapped1.500 ETH for 4,500.123 USDC')
    expect(within(dialog()).getByText('0xab…456789')).toBeTruthy()
    expect(within(dialog()).getByRole('button', { name: 'Copy transaction hash' })).toBeTruthy()
    expect(within(dialog()).getByRole('link', { name: 'View on Etherscan' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${HASH}`)
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }))
    expect(utils.store.getState().router.history.map((route) => route.view)).toEqual(['Account'])
    dispatch(routerActions.push({ view: 'Swap' }))
    expect(within(dialog()).queryByTestId('portico-transaction-result')).toBeNull()
    expect(screen.getByLabelText('You pay: Amount')).toBeTruthy()
  })

  it('flips the two tokens', async () => {
    const { dispatch, store } = await connectedView('Swap')
    dispatch(swapActions.tokensLoaded([eth, usdc]), swapActions.sourceTokenSet(eth), swapActions.toTokenSet(usdc))
    fireEvent.click(screen.getByRole('button', { name: 'Swap the two tokens' }))
    expect(store.getState().swap.sourceToken?.symbol).toBe('USDC')
    expect(store.getState().swap.toToken?.symbol).toBe('ETH')
  })

  it("says 'Network not supported for Swaps' off the swap chains (SPEC §5)", async () => {
    // Chain 5 is not one of the 12 swap chains.
    const { dispatched, dialog } = await renderView({ view: 'Swap' }, { config: { networks: [testNetwork(5, 'Chain 5')] } })
    expect(within(dialog()).getByRole('alert').textContent).toContain(ErrorMessages.networkNotSupportedForSwaps)
    expect(dispatched('swap/tokensRequested')).toEqual([])
  })
})

describe('Buy', () => {
  afterEach(() => jest.restoreAllMocks())

  it('uses the fallback limits per payment method and currency (SPEC §9)', async () => {
    const { dialog } = await connectedView('Buy')
    expect(screen.getByText('Between 10 and 7,500 USD')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '8000' } })
    expect(within(dialog()).getByRole('alert').textContent).toBe('Enter an amount between 10 and 7,500 USD')
    fireEvent.click(screen.getByRole('radio', { name: /Bank transfer/ }))
    expect(within(dialog()).queryByRole('alert')).toBeNull()
    expect(screen.getByText('Between 10 and 25,000 USD')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'EUR' } })
    expect(screen.getByText('Between 10 and 25,000 EUR')).toBeTruthy()
  })

  it('asks for providers and a quote for a valid amount, and shows both', async () => {
    const { dispatch, dispatched } = await connectedView('Buy')
    expect(dispatched('onramp/providersRequested')).toHaveLength(1)
    expect(dispatched('onramp/purchaseCurrencySet')).toEqual(['ETH'])
    expect(screen.getByText('Loading providers…')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } })
    expect(dispatched('onramp/quoteRequested')).toEqual([])
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } })
    expect(dispatched('onramp/quoteRequested')).toHaveLength(1)
    dispatch(onrampActions.quoted({ purchaseAmount: '0.031', fee: '1.50 USD' }))
    expect(screen.getByText(/You get about 0.031 ETH/)).toBeTruthy()
    dispatch(onrampActions.providersLoaded([{ name: 'p', label: 'Provider', feeRange: { min: 0.01, max: 0.02 } }]))
    expect(screen.getByText('Fees 1–2%')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Buy with Provider' })).toBeTruthy()
  })

  it('opens the provider window in the click, then follows the purchase', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => ({}) as Window)
    const utils = await connectedView('Buy')
    const { dispatch, dispatched } = utils
    dispatch(onrampActions.providersLoaded([{ name: 'test', label: 'Portico Test Provider', feeRange: { min: 0.01, max: 0.01 } }]))
    // No amount yet: nothing opens.
    fireEvent.click(screen.getByRole('button', { name: 'Buy with Portico Test Provider' }))
    expect(open).not.toHaveBeenCalled()
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100' } })
    fireEvent.click(screen.getByRole('button', { name: 'Buy with Portico Test Provider' }))
    expect(open).toHaveBeenCalledWith('about:blank', expect.stringMatching(/^portico-onramp-/), expect.any(String))
    const [request] = dispatched('onramp/buyRequested') as { provider: string; windowName: string }[]
    expect(request).toEqual({ provider: 'test', windowName: open.mock.calls[0]![1] })
    expect(screen.getByText('Opening Portico Test Provider…')).toBeTruthy()
    dispatch(onrampActions.purchaseOpened({ url: 'https://p.example/checkout', windowOpened: false }))
    expect(screen.getByText(/Finish the purchase in the Portico Test Provider window/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Open Portico Test Provider' }).getAttribute('href')).toBe('https://p.example/checkout')
    dispatch(onrampActions.purchaseCompleted({ received: '0.03295666' }))
    // The view and the toast (what the onramp saga shows, with the raw amount it read)
    // write the amount with one formatter, the account panel's 3 decimals.
    dispatch(alertsActions.toastShown({ message: messageRecord('notices.purchaseReceived', { amount: '0.03295666', symbol: 'ETH' }), variant: 'success' }))
    expect(screen.getByText(/Received 0.033 ETH./)).toBeTruthy()
    expect(screen.getByTestId('portico-toast').textContent).toBe('Received 0.033 ETH')
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    // Done goes to the account, where the funds show (it used to leave the filled form).
    expect(utils.store.getState().router.history.map((route) => route.view)).toEqual(['Account'])
  })

  it("links a sent transaction's toast to its network's explorer", async () => {
    const utils = await renderView(undefined, { config: { plugins: [createFakeNamespacePlugin({ networks: [explorerNetwork], connectors: [] }).plugin] } })
    const hash = '0x' + 'ab'.repeat(32)
    utils.dispatch(alertsActions.toastShown({ message: messageRecord('notices.transactionSent'), variant: 'success', transaction: { caipNetworkId: 'eip155:1', hash } }))
    const link = within(screen.getByTestId('portico-toast')).getByRole('link', { name: 'View on Etherscan' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    // Pointer on the toast holds it; leaving releases it.
    fireEvent.pointerEnter(screen.getByTestId('portico-toast'))
    fireEvent.pointerLeave(screen.getByTestId('portico-toast'))
    expect(utils.actions.map((action) => action.type).filter((type) => type.startsWith('alerts/toast'))).toEqual(['alerts/toastShown', 'alerts/toastHeld', 'alerts/toastReleased'])
    // On a network without an explorer (a local chain), no link.
    utils.dispatch(alertsActions.toastShown({ message: messageRecord('notices.transactionSent'), variant: 'success', transaction: { caipNetworkId: 'eip155:999', hash } }))
    expect(within(screen.getByTestId('portico-toast')).queryByRole('link')).toBeNull()
  })
})

describe('RegisterAccountName', () => {
  it('validates the SPEC §5 rule live', async () => {
    const { dialog } = await connectedView('RegisterAccountName')
    const input = screen.getByLabelText('Name')
    expect(screen.getByText('At least 4 characters: letters, digits and hyphens.')).toBeTruthy()
    fireEvent.change(input, { target: { value: 'abc' } })
    expect(within(dialog()).getByRole('alert').textContent).toBe('Use at least 4 characters')
    fireEvent.change(input, { target: { value: 'ab_' } })
    expect(within(dialog()).getByRole('alert').textContent).toBe('Use only letters, digits and hyphens')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: 'ada-42' } })
    expect(within(dialog()).queryByRole('alert')).toBeNull()
  })

  it('sends a valid name to the names saga, and refuses an invalid one', async () => {
    const { dispatched, dialog } = await connectedView('RegisterAccountName')
    fireEvent.click(screen.getByRole('button', { name: 'Register name' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe('Use at least 4 characters')
    expect(dispatched('names/registerRequested')).toEqual([])
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'ada-42' } })
    fireEvent.click(screen.getByRole('button', { name: 'Register name' }))
    expect(dispatched('names/registerRequested')).toEqual([{ name: 'ada-42' }])
  })

  it('RegisterAccountNameSuccess leads back to the account', async () => {
    const { store } = await renderView({ view: 'RegisterAccountNameSuccess', params: { name: 'ada.portico.id' } })
    expect(screen.getByText('ada.portico.id is now your account name.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    expect(store.getState().router.history).toEqual([{ view: 'Account' }])
  })
})

describe('ApproveTransaction over WalletConnect', () => {
  it("says the wallet's connection is lost instead of spinning while the relay is away, and spins again when it is back", async () => {
    const utils = await renderView(undefined)
    utils.dispatch(
      accountActions.connected({
        namespace: 'eip155',
        address: RECEIVER,
        caipNetworkId: 'eip155:1',
        connectedWalletInfo: { connectorId: 'walletConnect', name: 'Portico Dev Wallet', type: 'WALLET_CONNECT' },
      }),
    )
    await utils.open({ view: 'ApproveTransaction' })
    const status = () => screen.getByTestId('portico-approve-status')
    expect(status().textContent).toBe('Approve the request in your wallet to continue.')
    utils.dispatch(walletConnectActions.relayStatusChanged({ connected: false }))
    expect(status().textContent).toBe('Connection to your wallet lost, reconnecting…')
    expect(utils.dialog().querySelector('.portico-ring-busy')).toBeNull()
    utils.dispatch(walletConnectActions.relayStatusChanged({ connected: true }))
    expect(status().textContent).toBe('Approve the request in your wallet to continue.')
    expect(utils.dialog().querySelector('.portico-ring-busy')).not.toBeNull()
  })
})
