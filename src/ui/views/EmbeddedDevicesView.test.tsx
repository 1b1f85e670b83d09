import { fireEvent, screen, within } from '@testing-library/react'
import { embeddedActions } from '../../store/slices/embedded'
import { routerActions } from '../../store/slices/router'
import { renderAccountView } from '../test/accountView'
import { clickAndSettle } from '../test/renderView'

const phone = { id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'Safari on iOS', addedAt: '2030-01-01T00:00:00.000Z', lastUsedAt: '2030-01-01T00:00:00.000Z', current: false }
const laptop = { ...phone, id: '1f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'Chrome on macOS', current: true }

describe('Account → Devices (issue 32)', () => {
  it('offers "Devices" to embedded wallets only', async () => {
    await renderAccountView('ANNOUNCED')
    expect(screen.queryByRole('button', { name: 'Devices' })).toBeNull()
  })

  it('shows loading, then each device with its dates and "This device"; Remove only on the others, which asks the saga', async () => {
    const view = await renderAccountView('AUTH')
    await clickAndSettle(screen.getByRole('button', { name: 'Devices' }))
    await screen.findByRole('dialog', { name: 'Devices' })
    expect(view.dispatched(embeddedActions.devicesRequested.type)).toHaveLength(1)
    expect(screen.getByText('Loading devices…')).toBeTruthy()

    view.dispatch(embeddedActions.devicesLoaded({ devices: [laptop, phone] }))
    const items = within(screen.getByRole('list', { name: 'Devices' })).getAllByRole('listitem')
    expect(items.map((item) => item.querySelector('.portico-item-title')?.textContent)).toEqual(['Chrome on macOSThis device', 'Safari on iOS'])
    expect(items[1]!.textContent).toMatch(/Added .*2030/)
    expect(items[1]!.textContent).toMatch(/Last used/)
    expect(within(items[0]!).queryByRole('button')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Remove Safari on iOS' }))
    expect(view.dispatched(embeddedActions.deviceRemoveRequested.type)).toEqual([{ id: phone.id }])
    expect((screen.getByRole('button', { name: 'Remove Safari on iOS' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Confirm in the wallet prompt…')).toBeTruthy()
    view.dispatch(embeddedActions.deviceRemoveFinished({ id: phone.id, removed: true }))
    expect(screen.queryByRole('button', { name: 'Remove Safari on iOS' })).toBeNull()
  })

  it('shows the error with a retry, and an empty list as such', async () => {
    const view = await renderAccountView('AUTH')
    view.dispatch(routerActions.push({ view: 'EmbeddedDevices' }))
    await screen.findByRole('dialog', { name: 'Devices' })
    view.dispatch(embeddedActions.devicesFailed({ error: { code: 'UNAUTHORIZED', key: 'errors.untranslated', params: { message: 'Sign in to the embedded wallet first' } } }))
    expect(within(view.dialog()).getByRole('alert').textContent).toContain('Sign in to the embedded wallet first')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(view.dispatched(embeddedActions.devicesRequested.type)).toHaveLength(2)
    view.dispatch(embeddedActions.devicesLoaded({ devices: [] }))
    expect(screen.getByText('No devices to show.')).toBeTruthy()
  })
})
