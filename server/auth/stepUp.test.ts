import { type AuthSession } from '../db/authSessions'
import { AuthError } from './errors'
import { STEP_UP_TTL_MS, requireFreshStepUp } from './stepUp'

const session = (stepUp: AuthSession['stepUp']): AuthSession => ({
  id: 's1',
  userId: 'u1',
  projectId: 'shop',
  deviceHash: 'd'.repeat(64),
  deviceKeyThumbprint: 'k',
  createdAt: new Date(0),
  expiresAt: new Date(8.64e15),
  revokedAt: null,
  stepUp,
})

describe('requireFreshStepUp', () => {
  beforeEach(() => jest.useFakeTimers({ now: Date.parse('2030-01-01T00:00:00Z') }))
  afterEach(() => jest.useRealTimers())

  it('refuses a session that never stepped up with 403 STEP_UP_REQUIRED', () => {
    expect(() => requireFreshStepUp(session(null), Date.now())).toThrow(AuthError)
    try {
      requireFreshStepUp(session(null), Date.now())
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 403, code: 'STEP_UP_REQUIRED', message: 'Confirm it is you first, with a new email code or your passkey; the confirmation lasts 5 minutes' })
    }
  })

  it('accepts a step-up for five minutes, then refuses it', () => {
    const proved = session({ method: 'email', expiresAt: new Date(Date.now() + STEP_UP_TTL_MS) })
    expect(STEP_UP_TTL_MS).toBe(5 * 60_000)
    expect(() => requireFreshStepUp(proved, Date.now())).not.toThrow()
    jest.advanceTimersByTime(STEP_UP_TTL_MS - 1)
    expect(() => requireFreshStepUp(proved, Date.now())).not.toThrow()
    jest.advanceTimersByTime(1)
    expect(() => requireFreshStepUp(proved, Date.now())).toThrow('Confirm it is you first')
  })
})
