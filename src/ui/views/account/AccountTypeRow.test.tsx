import { fireEvent, screen } from '@testing-library/react'
import { accountActions } from '../../../store/slices/account'
import { networkActions } from '../../../store/slices/network'
import { optionsActions } from '../../../store/slices/options'
import { smartAccountActions } from '../../../store/slices/smartAccount'
import { ADDRESS } from '../../test/fixtures'
import { renderView } from '../../test/renderView'
import { toRecord } from '../../../errors/toRecord'

const SMART = '0x1111111111111111111111111111111111111111'

async function embeddedAccount(type: 'eoa' | 'smartAccount', options: Parameters<typeof renderView>[1] = {}) {
  const view = await renderView(undefined, options)
  const address = type === 'smartAccount' ? SMART : ADDRESS
  view.dispatch(accountActions.connected({ namespace: 'eip155', address, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type: 'AUTH' } }))
  view.dispatch(
    accountActions.userLoaded({
      namespace: 'eip155',
      user: {
        email: 'ada@example.com',
        address,
        chainId: 1,
        preferredAccountType: type,
        accounts: [
          { address: ADDRESS, type: 'eoa' },
          { address: SMART, type: 'smartAccount' },
        ],
      },
    }),
  )
  await view.open()
  await screen.findByRole('dialog', { name: 'Account' })
  return view
}

describe('Account view: account type of the embedded wallet', () => {
  it('on a smart-account network, names the account type in effect and switches to the other', async () => {
    const { dispatch, dispatched } = await embeddedAccount('smartAccount')
    expect(screen.queryByTestId('portico-account-type')).toBeNull()
    dispatch(smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1'] }))
    const button = screen.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' })
    expect(button.textContent).toContain('Smart account')
    fireEvent.click(button)
    expect(dispatched('smartAccount/switchAccountType')).toEqual([{ namespace: 'eip155', type: 'eoa' }])
    // While the frame answers, the button waits.
    expect((screen.getByTestId('portico-account-type') as HTMLButtonElement).disabled).toBe(true)
    dispatch(smartAccountActions.switchFailed({ error: toRecord({ code: 4001, message: 'User denied.' }) }))
    expect(screen.getByTestId('portico-account-type-error').getAttribute('role')).toBe('alert')
    expect(screen.getByTestId('portico-account-type-error').textContent).toBe('The user rejected the request.')
    fireEvent.click(screen.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' }))
    expect(screen.queryByTestId('portico-account-type-error')).toBeNull()
    dispatch(smartAccountActions.switchSucceeded())
    dispatch(accountActions.userLoaded({ namespace: 'eip155', user: { address: ADDRESS, chainId: 1, preferredAccountType: 'eoa' } }))
    fireEvent.click(screen.getByRole('button', { name: 'Account type: EOA. Switch to Smart account' }))
    expect(dispatched('smartAccount/switchAccountType').at(-1)).toEqual({ namespace: 'eip155', type: 'smartAccount' })
  })

  it('is absent on a network without smart accounts, after a failed networks call (SPEC §4), and for other wallets', async () => {
    const { dispatch } = await embeddedAccount('eoa')
    dispatch(smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1'] }))
    expect(screen.getByTestId('portico-account-type')).toBeTruthy()
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:10' }))
    expect(screen.queryByTestId('portico-account-type')).toBeNull()
    dispatch(networkActions.activeNetworkChanged({ caipNetworkId: 'eip155:1' }))
    dispatch(smartAccountActions.enabledNetworksFailed())
    expect(screen.queryByTestId('portico-account-type')).toBeNull()
    dispatch(smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1'] }))
    dispatch(accountActions.connected({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' } }))
    expect(screen.queryByTestId('portico-account-type')).toBeNull()
  })

  it('shows in the dark theme too, with its accessible name', async () => {
    const { dispatch } = await embeddedAccount('smartAccount')
    dispatch(smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1'] }))
    dispatch(optionsActions.themeModeSet('dark'))
    expect(document.querySelector('[data-theme="dark"]')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Account type: Smart account. Switch to EOA' })).toBeTruthy()
  })
})
