import { fireEvent, screen } from '@testing-library/react'
import { accountActions } from '../../../store/slices/account'
import { embeddedActions } from '../../../store/slices/embedded'
import { ADDRESS } from '../../test/fixtures'
import { renderView } from '../../test/renderView'

async function accountView(type: 'AUTH' | 'ANNOUNCED', namespace: 'eip155' | 'solana' = 'eip155') {
  const view = await renderView(undefined)
  const address = namespace === 'eip155' ? ADDRESS : '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
  const caipNetworkId = namespace === 'eip155' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
  view.dispatch(accountActions.connected({ namespace, address, caipNetworkId, connectedWalletInfo: { connectorId: 'auth', name: 'Email wallet', type } }))
  await view.open()
  await screen.findByRole('dialog', { name: 'Account' })
  return view
}

describe('Account view: exporting the embedded wallet’s private key', () => {
  it('offers "Export private key" to an embedded wallet and asks the saga for its namespace on the click', async () => {
    const { dispatched } = await accountView('AUTH')
    fireEvent.click(screen.getByRole('button', { name: 'Export private key' }))
    expect(dispatched(embeddedActions.keyExportRequested.type)).toEqual([{ namespace: 'eip155' }])
  })

  it('is busy (disabled, announced) while the frame’s prompt is open, and offered again once it closes', async () => {
    const view = await accountView('AUTH')
    fireEvent.click(screen.getByRole('button', { name: 'Export private key' }))
    const row = screen.getByTestId('portico-export-key') as HTMLButtonElement
    expect(row.disabled).toBe(true)
    expect(row.getAttribute('aria-busy')).toBe('true')
    expect(row.textContent).toContain('Continue in the wallet window…')
    view.dispatch(embeddedActions.keyExportFinished())
    const again = (await screen.findByRole('button', { name: 'Export private key' })) as HTMLButtonElement
    expect(again.disabled).toBe(false)
    expect(again.getAttribute('aria-busy')).toBe('false')
  })

  it('is not offered to a wallet the visitor brought (the key is not ours to show)', async () => {
    await accountView('ANNOUNCED')
    expect(screen.queryByRole('button', { name: 'Export private key' })).toBeNull()
  })
})

describe('Account view: two-step verification of the embedded wallet', () => {
  it('offers "Two-step verification" to an embedded wallet, busy while the frame’s settings are open', async () => {
    const view = await accountView('AUTH')
    fireEvent.click(screen.getByRole('button', { name: 'Two-step verification' }))
    expect(view.dispatched(embeddedActions.secondFactorRequested.type)).toHaveLength(1)
    const row = screen.getByTestId('portico-second-factor') as HTMLButtonElement
    expect(row.disabled).toBe(true)
    expect(row.textContent).toContain('Continue in the wallet window…')
    view.dispatch(embeddedActions.secondFactorFinished())
    expect(((await screen.findByRole('button', { name: 'Two-step verification' })) as HTMLButtonElement).disabled).toBe(false)
  })

  it('is not offered to a wallet the visitor brought', async () => {
    await accountView('ANNOUNCED')
    expect(screen.queryByRole('button', { name: 'Two-step verification' })).toBeNull()
  })
})

describe('Account view: changing the embedded wallet’s recovery', () => {
  it('offers "Change recovery" to an embedded wallet only, busy while the frame’s prompt is open', async () => {
    const view = await accountView('AUTH')
    fireEvent.click(screen.getByRole('button', { name: 'Change recovery' }))
    expect(view.dispatched(embeddedActions.recoveryChangeRequested.type)).toHaveLength(1)
    expect((screen.getByTestId('portico-change-recovery') as HTMLButtonElement).disabled).toBe(true)
    view.dispatch(embeddedActions.recoveryChangeFinished())
    expect(((await screen.findByRole('button', { name: 'Change recovery' })) as HTMLButtonElement).disabled).toBe(false)
  })
})
