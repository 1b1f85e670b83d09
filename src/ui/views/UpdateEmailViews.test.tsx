import { act, fireEvent, screen, within } from '@testing-library/react'
import { embeddedActions } from '../../store/slices/embedded'
import { renderView } from '../test/renderView'
import { messageRecord } from '../../errors/record'

describe('UpdateEmail (SPEC §4 email update)', () => {
  it('asks for a valid new address before sending UPDATE_EMAIL', async () => {
    const { dispatched, dialog } = await renderView({ view: 'UpdateEmail' })
    const input = screen.getByLabelText('New email')
    fireEvent.change(input, { target: { value: 'not-an-email' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(within(dialog()).getByRole('alert').textContent).toBe('Invalid email')
    expect(dispatched('embedded/updateEmailRequested')).toEqual([])
    fireEvent.change(input, { target: { value: ' ada.new@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
    expect(dispatched('embedded/updateEmailRequested')).toEqual([{ email: 'ada.new@example.com' }])
  })

  it('is blocked during the 30 s cooldown with the SPEC message', async () => {
    jest.useFakeTimers({ now: 7_000_000 })
    try {
      const { dispatch, dispatched, dialog } = await renderView({ view: 'UpdateEmail' })
      dispatch(embeddedActions.cooldownStarted({ until: 7_000_000 + 12_000 }))
      fireEvent.change(screen.getByLabelText('New email'), { target: { value: 'ada.new@example.com' } })
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }))
      expect(dispatched('embedded/updateEmailRequested')).toEqual([])
      expect(within(dialog()).getByRole('alert').textContent).toBe('Please try again after 12 seconds')
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('UpdateEmailPrimaryOtp and UpdateEmailSecondaryOtp', () => {
  it('names both addresses and sends the code once its 6 digits are typed', async () => {
    const { dispatched } = await renderView({ view: 'UpdateEmailPrimaryOtp', params: { email: 'ada@example.com', newEmail: 'ada.new@example.com' } })
    expect(screen.getByText('Enter the code we sent to ada@example.com to confirm the change to ada.new@example.com.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: '111111' } })
    expect(dispatched('embedded/otpSubmitted')).toEqual([{ otp: '111111' }])
  })

  it('shows the attempts left, and starts over (new codes) once the cooldown allows', async () => {
    jest.useFakeTimers({ now: 9_000_000 })
    try {
      const { dispatch, dispatched, dialog } = await renderView({ view: 'UpdateEmailSecondaryOtp', params: { newEmail: 'ada.new@example.com' } })
      expect(screen.getByText('Enter the code we sent to ada.new@example.com to confirm it is yours.')).toBeTruthy()
      dispatch(embeddedActions.otpSubmitted({ otp: '000000' }))
      dispatch(embeddedActions.failed({ error: messageRecord('errors.untranslated', { message: 'The code is not correct; 4 attempts left' }, 'INVALID_OTP') }))
      expect(within(dialog()).getByRole('alert').textContent).toBe('The code is not correct; 4 attempts left')
      dispatch(embeddedActions.cooldownStarted({ until: 9_000_000 + 2_000 }))
      const again = screen.getByRole('button', { name: 'Send new codes' })
      fireEvent.click(again)
      expect(dispatched('embedded/updateEmailRequested')).toEqual([])
      await act(async () => {
        jest.advanceTimersByTime(3_000)
      })
      fireEvent.click(again)
      expect(dispatched('embedded/updateEmailRequested')).toEqual([{ email: 'ada.new@example.com' }])
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('ConnectingFarcaster and social chips', () => {
  it('asks for the Farcaster URI on arrival and shows it as a QR code and an Open link', async () => {
    const { dispatch, dispatched } = await renderView({ view: 'ConnectingFarcaster' })
    expect(dispatched('embedded/farcasterRequested')).toHaveLength(1)
    dispatch(embeddedActions.farcasterUriReceived({ url: 'https://relay.example/~/siwf?channelToken=1' }))
    const open = await screen.findByRole('link', { name: 'Open Farcaster' })
    expect(open.getAttribute('href')).toBe('https://relay.example/~/siwf?channelToken=1')
  })

  it("shows 'Something went wrong' with a retry that asks again", async () => {
    const { dispatch, dispatched } = await renderView({ view: 'ConnectingFarcaster' })
    dispatch(embeddedActions.failed({ error: messageRecord('errors.somethingWentWrong') }))
    expect(screen.getByText('Something went wrong')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(dispatched('embedded/farcasterRequested')).toHaveLength(2)
  })

  it('a social chip dispatches embedded/socialRequested in the click, then shows ConnectingSocial', async () => {
    const { dispatched, dialog } = await renderView({ view: 'Connect' })
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Continue with GitHub' }))
    expect(dispatched('embedded/socialRequested')).toEqual([{ provider: 'github' }])
    expect(await screen.findByText('Log in with GitHub')).toBeTruthy()
  })
})
