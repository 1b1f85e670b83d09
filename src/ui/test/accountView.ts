import { screen } from '@testing-library/react'
import { accountActions } from '../../store/slices/account'
import { ADDRESS } from './fixtures'
import { renderView } from './renderView'

/**
 * The modal open on the Account view of a connected wallet of connector type `type`
 * (AUTH: the embedded wallet; ANNOUNCED: an injected one).
 *
 * @example
 * const view = await renderAccountView('AUTH')
 */
export async function renderAccountView(type: 'AUTH' | 'ANNOUNCED', options: Parameters<typeof renderView>[1] = {}) {
  const view = await renderView(undefined, options)
  view.dispatch(accountActions.connected({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1', connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type } }))
  await view.open()
  await screen.findByRole('dialog', { name: 'Account' })
  return view
}
