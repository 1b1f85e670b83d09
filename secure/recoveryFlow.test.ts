import { ApiError } from './api'
import { CustodyError, CustodyErrorCodes } from './custody/errors'
import type { Keyring, RecoveryNeeds } from './custody/keyring'
import { changeRecovery, checkNewPassword, offerRecovery, RECOVERY_TEXT, recoveryErrorText, type FactorStep, type RecoveryFactor, type RecoveryPrompts } from './recoveryFlow'
import type { RecoveryPasskey } from './recoveryPasskey'
import { PasskeyErrorCodes } from './passkeyPrf'
import { ReplyError } from './replyError'
import type { RecoveryPasskeyRef } from './custody/recoveryEnvelope'
import type { CustodyWalletNamespace } from '../src/shared/custodyApi'

const PASSKEY: RecoveryPasskeyRef = { credentialId: 'cred-1', prfSalt: 'c2FsdA==' }
const PRF_OUTPUT = Uint8Array.from({ length: 32 }, (_, i) => i + 1)

/** A keyring that holds `held`, misses `missing`, and whose server has a recovery for `recoverable` (by password, or by passkey for `byPasskey`); it records what it is asked. */
function fakeKeyring({
  held = [],
  missing = [],
  setUp = [],
  recoverable = [],
  byPasskey = [],
  password = 'the right password',
}: {
  held?: CustodyWalletNamespace[]
  missing?: CustodyWalletNamespace[]
  setUp?: CustodyWalletNamespace[]
  recoverable?: CustodyWalletNamespace[]
  byPasskey?: CustodyWalletNamespace[]
  password?: string
}) {
  const has = new Set(held)
  const needsSetUp = new Set(setUp)
  const asked: string[] = []
  const keyring: Partial<Keyring> = {
    has: (namespace) => has.has(namespace),
    recoveryNeeds: (): RecoveryNeeds => ({ setUp: [...needsSetUp], missing: missing.filter((namespace) => !has.has(namespace)) }),
    async recoveryMethod(namespace) {
      asked.push(`method ${namespace}`)
      return byPasskey.includes(namespace) ? 'passkey' : recoverable.includes(namespace) ? 'password' : undefined
    },
    async recover(namespace, unlock) {
      asked.push(`recover ${namespace}`)
      if ('password' in unlock) {
        if (byPasskey.includes(namespace)) throw new CustodyError(CustodyErrorCodes.recoveryUnsupported, 'sealed with a passkey')
        if (unlock.password !== password) throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'wrong')
      } else {
        const output = await unlock.passkey(PASSKEY)
        if (output.join() !== PRF_OUTPUT.join()) throw new CustodyError(CustodyErrorCodes.wrongRecoverySecret, 'wrong')
        output.fill(0)
      }
      has.add(namespace)
    },
    async setRecovery(namespace, secret) {
      asked.push('password' in secret ? `set ${namespace} ${secret.password}` : `set ${namespace} passkey ${secret.passkey.credentialId} ${secret.prfOutput.length}`)
      needsSetUp.delete(namespace)
    },
  }
  return { keyring: keyring as Keyring, asked }
}

/** A passkey whose ceremonies answer in turn from `answers` (an output, or an error), recording them. */
function fakePasskey(answers: Array<Uint8Array | Error>, { supported = true } = {}) {
  const ceremonies: string[] = []
  const next = async () => {
    const answer = answers.shift() ?? new Error('no more answers')
    if (answer instanceof Error) throw answer
    return Uint8Array.from(answer)
  }
  const passkey: RecoveryPasskey = {
    supported: () => supported,
    setUp: async () => (ceremonies.push('setUp'), { prfOutput: await next(), passkey: PASSKEY }),
    open: async (ref) => (ceremonies.push(`open ${ref.credentialId}`), next()),
  }
  return { passkey, ceremonies }
}

/** Prompts that answer with the visitor's scripted factors, recording what was offered and what the step threw. */
function scriptedPrompts(factors: Array<string | 'passkey'>, { postpone = false } = {}) {
  const shown: string[] = []
  const errors: string[] = []
  const answer = async <T>(step: FactorStep, done: T, dismissed: T): Promise<T> => {
    for (const given of factors) {
      const factor: RecoveryFactor = given === 'passkey' ? 'passkey' : { password: given }
      try {
        await step(factor)
        return done
      } catch (error) {
        errors.push(recoveryErrorText(error, given === 'passkey' ? 'passkey' : 'password'))
      }
    }
    return dismissed
  }
  const prompts: RecoveryPrompts = {
    setUp: (step, options) => (
      shown.push(`setUp${options.passkey ? ' +passkey' : ''}${options.change === true ? ' change' : ''}`),
      postpone ? Promise.resolve('later') : answer(step, 'set' as const, 'later' as const)
    ),
    recover: (step, method) => (shown.push(`recover ${method}`), answer(step, 'recovered' as const, 'cancelled' as const)),
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
    expect(shown).toEqual(['recover password'])
    expect(errors).toEqual([RECOVERY_TEXT.wrongPassword])
    expect(asked).toEqual(['method eip155', 'method solana', 'recover eip155', 'recover eip155', 'recover solana'])
    expect(keyring.recoveryNeeds().missing).toEqual([])
  })

  it('set-up offers the passkey where WebAuthn is; one ceremony seals every wallet; a passkey without PRF is said and the password still sets it', async () => {
    const { keyring, asked } = fakeKeyring({ held: ['eip155', 'solana'], setUp: ['eip155', 'solana'] })
    const { passkey, ceremonies } = fakePasskey([new ReplyError('no PRF', PasskeyErrorCodes.noPrf), PRF_OUTPUT])
    const { prompts, shown, errors } = scriptedPrompts(['passkey', 'passkey'])
    expect(await offerRecovery(keyring, prompts, passkey)).toBe('set')
    expect(shown).toEqual(['setUp +passkey'])
    expect(errors).toEqual([RECOVERY_TEXT.noPrf])
    expect(ceremonies).toEqual(['setUp', 'setUp'])
    expect(asked).toEqual(['set eip155 passkey cred-1 32', 'set solana passkey cred-1 32'])

    const without = fakeKeyring({ held: ['eip155'], setUp: ['eip155'] })
    const offered = scriptedPrompts(['a long enough password'])
    expect(await offerRecovery(without.keyring, offered.prompts, fakePasskey([], { supported: false }).passkey)).toBe('set')
    expect(await offerRecovery(fakeKeyring({ held: ['eip155'], setUp: ['eip155'] }).keyring, offered.prompts)).toBe('set')
    expect(offered.shown).toEqual(['setUp', 'setUp'])
  })

  it('a new device whose recovery is sealed with a passkey: the passkey prompt; a wrong passkey and a cancel are shown, then one ceremony recovers both wallets', async () => {
    const { keyring, asked } = fakeKeyring({ missing: ['eip155', 'solana'], byPasskey: ['eip155', 'solana'] })
    const cancelled = new ReplyError('cancelled', PasskeyErrorCodes.cancelled)
    const { passkey, ceremonies } = fakePasskey([crypto.getRandomValues(new Uint8Array(32)), cancelled, PRF_OUTPUT])
    const { prompts, shown, errors } = scriptedPrompts(['a password', 'passkey', 'passkey', 'passkey'])
    expect(await offerRecovery(keyring, prompts, passkey)).toBe('recovered')
    expect(shown).toEqual(['recover passkey'])
    expect(errors).toEqual([RECOVERY_TEXT.failed, RECOVERY_TEXT.wrongPasskey, RECOVERY_TEXT.passkeyCancelled])
    expect(ceremonies).toEqual(['open cred-1', 'open cred-1', 'open cred-1'])
    expect(asked).toEqual(['method eip155', 'method solana', 'recover eip155', 'recover eip155', 'recover eip155', 'recover eip155', 'recover solana'])
  })

  it('a passkey recovery in a browser without WebAuthn says so', async () => {
    const { keyring } = fakeKeyring({ missing: ['eip155'], byPasskey: ['eip155'] })
    const { prompts, errors } = scriptedPrompts(['passkey'])
    expect(await offerRecovery(keyring, prompts)).toBe('cancelled')
    expect(errors).toEqual([RECOVERY_TEXT.passkeyUnavailable])
  })

  it('a new device without any recovery: says the wallet cannot be used here, and asks for no password', async () => {
    const { keyring } = fakeKeyring({ missing: ['eip155'] })
    const { prompts, shown } = scriptedPrompts(['anything'])
    expect(await offerRecovery(keyring, prompts)).toBe('unavailable')
    expect(shown).toEqual(['unavailable'])
  })

  it('changing the recovery: the change prompt seals a new recovery of every wallet held here, with a password or one passkey ceremony; Cancel sets nothing', async () => {
    const password = fakeKeyring({ held: ['eip155', 'solana'] })
    const typed = scriptedPrompts(['a new long password'])
    expect(await changeRecovery(password.keyring, typed.prompts)).toBe('set')
    expect(typed.shown).toEqual(['setUp change'])
    expect(password.asked).toEqual(['set eip155 a new long password', 'set solana a new long password'])

    const { passkey, ceremonies } = fakePasskey([new Uint8Array(32).fill(7)])
    const withPasskey = fakeKeyring({ held: ['eip155', 'solana'] })
    expect(await changeRecovery(withPasskey.keyring, scriptedPrompts(['passkey']).prompts, passkey)).toBe('set')
    expect(ceremonies).toEqual(['setUp'])
    expect(withPasskey.asked).toHaveLength(2)

    const cancelled = fakeKeyring({ held: ['eip155'] })
    expect(await changeRecovery(cancelled.keyring, scriptedPrompts([], { postpone: true }).prompts)).toBe('later')
    expect(cancelled.asked).toEqual([])
  })
})
