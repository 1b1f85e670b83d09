import { fireEvent, screen } from '@testing-library/react'
import { accountActions } from '../../../store/slices/account'
import { embeddedActions } from '../../../store/slices/embedded'
import { ADDRESS } from '../../test/fixtures'
import { renderView } from '../../test/renderView'

async function accountView(type: 'AUTH' | 'ANNOUNCED', options: Parameters<typeof renderView>[1] = {}) {
  const view = await renderView(undefined, options)
  view.dispatch(accountActions.connected({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type } }))
  await view.open()
  await screen.findByRole('dialog', { name: 'Account' })
  return view
}

describe('Account view: adding a passkey to the embedded wallet', () => {
  it('offers "Add a passkey" with features.passkey, asking the saga on the click', async () => {
    const { dispatched } = await accountView('AUTH', { config: { features: { passkey: true } } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(dispatched(embeddedActions.passkeyAddRequested.type)).toHaveLength(1)
  })

  it('offers it only to embedded wallets, and only with features.passkey', async () => {
    await accountView('ANNOUNCED', { config: { features: { passkey: true } } })
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  })

  it('leaves it out by default', async () => {
    await accountView('AUTH')
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  })
})
