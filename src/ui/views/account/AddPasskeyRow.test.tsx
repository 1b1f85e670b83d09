import { fireEvent, screen } from '@testing-library/react'
import { embeddedActions } from '../../../store/slices/embedded'
import { renderAccountView } from '../../test/accountView'

describe('Account view: adding a passkey to the embedded wallet', () => {
  it('offers "Add a passkey" with features.passkey, asking the saga on the click', async () => {
    const { dispatched } = await renderAccountView('AUTH', { config: { features: { passkey: true } } })
    fireEvent.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(dispatched(embeddedActions.passkeyAddRequested.type)).toHaveLength(1)
  })

  it('offers it only to embedded wallets, and only with features.passkey', async () => {
    await renderAccountView('ANNOUNCED', { config: { features: { passkey: true } } })
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  })

  it('leaves it out by default', async () => {
    await renderAccountView('AUTH')
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
  })
})
