import { ApiError } from './api'
import { CustodyError, CustodyErrorCodes } from './custody/errors'
import type { Keyring, RecoveryNeeds } from './custody/keyring'
import { checkNewPassword, offerRecovery, RECOVERY_TEXT, recoveryErrorText, type PasswordStep, type RecoveryPrompts } from './recoveryFlow'
import type { CustodyWalletNamespace } from '../src/shared/custodyApi'

/** A keyring that holds `held`, misses `missing`, and whose server has a recovery for `recoverable`; it records what it is asked. */
function fakeKeyring({
  held = [],
  missing = [],
  setUp = [],
  recoverable = [],
  password = 'the right password',
}: {
  held?: CustodyWalletNamespace[]
  missing?: CustodyWalletNamespace[]
  setUp?: CustodyWalletNamespace[]
  recoverable?: CustodyWalletNamespace[]
  password?: string
}) {
  const has = new Set(held)
  const needsSetUp = new Set(setUp)
  const asked: string[] = []
  const keyring = {
    has: (namespace: CustodyWalletNamespace) => has.has(namespace),
    recoveryNeeds: (): RecoveryNeeds => ({ setUp: [...needsSetUp], missing: missing.filter((namespace) => !has.has(namespace)) }),
    async recoveryAvailable(namespace: CustodyWalletNamespace) {
      asked.push(`available ${namespace}`)
      return recoverable.includes(namespace)
    },
    async recover(namespace: CustodyWalletNamespace, tried: string) {
      asked.push(`recover ${namespace}`)
      if (tried !== password) throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'wrong')
      has.add(namespace)
    },
    async setRecoveryPassword(namespace: CustodyWalletNamespace, chosen: string) {
      asked.push(`set ${namespace} ${chosen}`)
      needsSetUp.delete(namespace)
    },
  }
  return { keyring: keyring as unknown as Keyring, asked }
}

/** Prompts that answer with the visitor's scripted passwords, recording what the step threw. */
function scriptedPrompts(passwords: string[], { postpone = false } = {}) {
  const shown: string[] = []
  const errors: string[] = []
  const answer = async <T>(step: PasswordStep, done: T, dismissed: T): Promise<T> => {
    for (const password of passwords) {
      try {
        await step(password)
        return done
      } catch (error) {
        errors.push(recoveryErrorText(error))
      }
    }
    return dismissed
  }
  const prompts: RecoveryPrompts = {
    setUp: (step) => (shown.push('setUp'), postpone ? Promise.resolve('later') : answer(step, 'set' as const, 'later' as const)),
    recover: (step) => (shown.push('recover'), answer(step, 'recovered' as const, 'cancelled' as const)),
    unavailable: async () => void shown.push('unavailable'),
    dismiss: () => undefined,
  }
  return { prompts, shown, errors }
}

describe('what the secure page asks about recovery after a login', () => {
  it('a recovery password has at least 12 characters (counted as characters), at most 1024, and the same confirmation', () => {
    expect(checkNewPassword('short', 'short')).toBe(RECOVERY_TEXT.tooShort)
    expect(checkNewPassword('🔑'.repeat(11), '🔑'.repeat(11))).toBe(RECOVERY_TEXT.tooShort)
    expect(checkNewPassword('x'.repeat(1025), 'x'.repeat(1025))).toBe(RECOVERY_TEXT.tooLong)
    expect(checkNewPassword('twelve chars', 'twelve charz')).toBe(RECOVERY_TEXT.mismatch)
    expect(checkNewPassword('twelve chars', 'twelve chars')).toBeUndefined()
    expect(RECOVERY_TEXT.tooShort).toBe('The password must be at least 12 characters long.')
  })

  it('says a wrong password, a refused rate and anything else (the network) apart, each with a way on', () => {
    expect(recoveryErrorText(new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'x'))).toBe(RECOVERY_TEXT.wrongPassword)
    expect(recoveryErrorText(new ApiError(429, 'Too many', 'RATE_LIMITED', 60))).toBe(RECOVERY_TEXT.tooManyAttempts)
    expect(recoveryErrorText(new TypeError('Failed to fetch'))).toBe(RECOVERY_TEXT.failed)
  })

  it('nothing when the wallets are held and their recovery is set', async () => {
    const { keyring, asked } = fakeKeyring({ held: ['eip155', 'solana'] })
    const { prompts, shown } = scriptedPrompts([])
    expect(await offerRecovery(keyring, prompts)).toBe('none')
    expect([shown, asked]).toEqual([[], []])
  })

  it('a wallet made here without recovery: the set-up prompt sets the one password for every such wallet', async () => {
    const { keyring, asked } = fakeKeyring({ held: ['eip155', 'solana'], setUp: ['eip155', 'solana'] })
    const { prompts, shown } = scriptedPrompts(['a long enough password'])
    expect(await offerRecovery(keyring, prompts)).toBe('set')
    expect(shown).toEqual(['setUp'])
    expect(asked).toEqual(['set eip155 a long enough password', 'set solana a long enough password'])
  })

  it('Later leaves the keys as they are and sets nothing', async () => {
    const { keyring, asked } = fakeKeyring({ held: ['eip155'], setUp: ['eip155'] })
    const { prompts } = scriptedPrompts([], { postpone: true })
    expect(await offerRecovery(keyring, prompts)).toBe('later')
    expect(asked).toEqual([])
    expect(keyring.has('eip155')).toBe(true)
  })

  it('a new device with a recovery set: the password prompt; a wrong password is shown and the right one recovers each wallet once', async () => {
    const { keyring, asked } = fakeKeyring({ missing: ['eip155', 'solana'], recoverable: ['eip155', 'solana'] })
    const { prompts, shown, errors } = scriptedPrompts(['a wrong password', 'the right password'])
    expect(await offerRecovery(keyring, prompts)).toBe('recovered')
    expect(shown).toEqual(['recover'])
    expect(errors).toEqual([RECOVERY_TEXT.wrongPassword])
    expect(asked).toEqual(['available eip155', 'available solana', 'recover eip155', 'recover eip155', 'recover solana'])
    expect(keyring.recoveryNeeds().missing).toEqual([])
  })

  it('a new device without any recovery: says the wallet cannot be used here, and asks for no password', async () => {
    const { keyring } = fakeKeyring({ missing: ['eip155'] })
    const { prompts, shown } = scriptedPrompts(['anything'])
    expect(await offerRecovery(keyring, prompts)).toBe('unavailable')
    expect(shown).toEqual(['unavailable'])
  })
})
