import { act, fireEvent, screen, within } from '@testing-library/react'
import { embeddedActions } from '../../store/slices/embedded'
import { renderView } from '../test/renderView'
import { messageRecord } from '../../errors/record'

describe('EmailVerifyOtp', () => {
  it('sends the code as soon as its 6 digits are typed, ignoring other characters', async () => {
    const { dispatched } = await renderView({ view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } })
    expect(screen.getByText('ada@example.com')).toBeTruthy()
    const input = screen.getByLabelText('One-time code') as HTMLInputElement
    expect(document.activeElement).toBe(input)
    fireEvent.change(input, { target: { value: '12 3-45' } })
    expect(input.value).toBe('12345')
    expect(dispatched('embedded/otpSubmitted')).toEqual([])
    fireEvent.change(input, { target: { value: '123456' } })
    expect(dispatched('embedded/otpSubmitted')).toEqual([{ otp: '123456' }])
  })

  it('says how long the code must be when submitted short', async () => {
    const { dialog } = await renderView({ view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } })
    const input = screen.getByLabelText('One-time code')
    fireEvent.change(input, { target: { value: '123' } })
    fireEvent.submit(input.closest('form')!)
    expect(within(dialog()).getByRole('alert').textContent).toBe('Enter the 6-digit code')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('shows checking, then the saga’s error', async () => {
    const { dispatch, dialog } = await renderView({ view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } })
    dispatch(embeddedActions.otpSubmitted({ otp: '123456' }))
    expect(within(dialog()).getByRole('status').textContent).toBe('Checking the code…')
    dispatch(embeddedActions.failed({ error: messageRecord('errors.invalidCode') }))
    expect(within(dialog()).getByRole('alert').textContent).toBe('Invalid code')
  })

  it('resends, but not during the 30 s cooldown (SPEC §5)', async () => {
    jest.useFakeTimers({ now: 5_000_000 })
    try {
      const { dispatch, dispatched } = await renderView({ view: 'EmailVerifyOtp', params: { email: 'ada@example.com' } })
      dispatch(embeddedActions.cooldownStarted({ until: 5_000_000 + 30_000 }))
      const resend = screen.getByRole('button', { name: 'Resend code' })
      expect(resend.getAttribute('aria-disabled')).toBe('true')
      expect(screen.getByText('Please try again after 30 seconds')).toBeTruthy()
      fireEvent.click(resend)
      expect(dispatched('embedded/emailSubmitted')).toEqual([])
      act(() => void jest.advanceTimersByTime(30_000))
      expect(screen.queryByText(/Please try again/)).toBeNull()
      fireEvent.click(resend)
      expect(dispatched('embedded/emailSubmitted')).toEqual([{ email: 'ada@example.com' }])
    } finally {
      jest.useRealTimers()
    }
  })
})

describe('EmailVerifyDevice', () => {
  it('takes the code from the new-device email and sends it as the step’s code, with a resend', async () => {
    const { dispatch, dispatched } = await renderView({ view: 'EmailVerifyDevice', params: { email: 'ada@example.com' } })
    expect(screen.getByText('Approve this device')).toBeTruthy()
    expect(screen.getByText(/Enter the code we sent to/).textContent).toContain('ada@example.com')
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }))
    expect(dispatched('embedded/emailSubmitted')).toEqual([{ email: 'ada@example.com' }])
    // The saga answers the resend with the step again, which ends the pending state.
    act(() => void dispatch(embeddedActions.stepChanged({ step: 'VERIFY_DEVICE' })))
    fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: '123456' } })
    expect(dispatched('embedded/otpSubmitted')).toEqual([{ otp: '123456' }])
  })
})
