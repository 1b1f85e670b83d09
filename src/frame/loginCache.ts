/**
 * SPEC §3 "Locally cached login state": the email-login-used flag, the email, the
 * social username, the last chain id and the last email login time, kept on the dapp's
 * origin so that a reload can show "continue as ada@example.com" and keep the email
 * cooldown; plus the cached list of smart-account-enabled networks (SPEC §4).
 *
 * Nothing secret is stored here: the session token and the keys live on the secure
 * page's origin (or on the server), never on the dapp's. Every value is checked before
 * it is written, and a value that looks like a token or a key is refused outright.
 */
import type { KeyValueStore } from '../storage/createStorage'
import type { FrameChainId } from './protocol'
import { EMAIL_PATTERN } from './schemas/patterns'
import { isCaipNetworkId } from '../shared/caip'

export type LoginCacheState = {
  emailLoginUsed: boolean
  email: string | undefined
  socialUsername: string | undefined
  lastChainId: FrameChainId | undefined
  /** Epoch ms when the last code was sent; cleared by a successful login (SPEC §4). */
  lastEmailLoginTime: number | undefined
  smartAccountEnabledNetworks: number[]
}

export type LoginCache = {
  read(): LoginCacheState
  /** A code was sent (CONNECT_EMAIL answered VERIFY_OTP or VERIFY_DEVICE). */
  emailCodeSent(time: number): void
  /** SPEC §4 "Successful login: the email is stored, the used flag is set and the last login time is cleared." */
  loginSucceeded(login: { email?: string | null | undefined; socialUsername?: string | undefined; chainId?: FrameChainId | undefined }): void
  /** SPEC §4 "Disconnect, or a failed or negative connection check: the cached flag, email, chain and social username are removed." */
  connectionEnded(): void
  /** The email after a completed email update (SPEC §4 "The secondary step returns newEmail"). */
  emailChanged(email: string): void
  chainChanged(chainId: FrameChainId): void
  smartAccountNetworksLoaded(networks: readonly number[]): void
  /** SPEC §4 "Smart-account networks call fails: the cached list of enabled networks becomes empty." */
  smartAccountNetworksFailed(): void
}

/** The keys, so tests (and a dapp's privacy page) can list exactly what is stored. */
export const LoginCacheKeys = {
  emailLoginUsed: 'portico.embedded.emailLoginUsed',
  email: 'portico.embedded.email',
  socialUsername: 'portico.embedded.socialUsername',
  lastChainId: 'portico.embedded.lastChainId',
  lastEmailLoginTime: 'portico.embedded.lastEmailLoginTime',
  smartAccountEnabledNetworks: 'portico.embedded.smartAccountEnabledNetworks',
} as const

/** Shapes of secrets that must never reach the dapp's storage, whatever field they hide in. */
const SECRET_SHAPES = [
  /pts_[A-Za-z0-9_-]{16,}/, // a Portico session token
  /(?:0x)?[0-9a-fA-F]{64}/, // a 32-byte private key (or anything that long in hex)
  /[A-Za-z0-9+/_-]{45,}/, // a long base64 / base58 run: a secret key, a token, a seed (public keys are shorter)
  /bearer\s/i,
]

/**
 * Whether `value` looks like a token or a key: a backstop behind the typed, validated
 * fields (which have no room for a secret in the first place). Exported for the
 * "nothing secret" test.
 */
export function looksSecret(value: string): boolean {
  return SECRET_SHAPES.some((shape) => shape.test(value))
}

/** The schema's email rule, the same as `isEmail` (a property test keeps them in agreement). */
const EMAIL = new RegExp(EMAIL_PATTERN, 'u')
function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value)
}

// Printable: no control characters (C0 and DEL), 1 to 64 characters.
// eslint-disable-next-line no-control-regex -- the control characters are what it refuses
const USERNAME = /^[^\u0000-\u001f\u007f]{1,64}$/

function isChainId(value: unknown): value is FrameChainId {
  return (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) || isCaipNetworkId(value)
}

/**
 * @example
 * const cache = createLoginCache({ store: window.localStorage })
 * cache.loginSucceeded({ email: 'ada@example.com' })
 * cache.read() // { emailLoginUsed: true, email: 'ada@example.com', … }
 */
export function createLoginCache({ store }: { store: KeyValueStore | undefined }): LoginCache {
  const get = (key: string): string | null => {
    try {
      return store?.getItem(key) ?? null
    } catch {
      return null
    }
  }
  const set = (key: string, value: string): void => {
    if (looksSecret(value)) return
    try {
      store?.setItem(key, value)
    } catch {
      // Quota exceeded or storage disabled: the cache is a convenience.
    }
  }
  const remove = (key: string): void => {
    try {
      store?.removeItem(key)
    } catch {
      // As above.
    }
  }
  const setEmail = (email: unknown) => {
    if (isEmail(email)) set(LoginCacheKeys.email, email)
  }
  const setChain = (chainId: unknown) => {
    if (isChainId(chainId)) set(LoginCacheKeys.lastChainId, JSON.stringify(chainId))
  }

  return {
    read() {
      const email = get(LoginCacheKeys.email)
      const socialUsername = get(LoginCacheKeys.socialUsername)
      const time = Number(get(LoginCacheKeys.lastEmailLoginTime) ?? Number.NaN)
      let lastChainId: unknown
      let networks: unknown
      try {
        lastChainId = JSON.parse(get(LoginCacheKeys.lastChainId) ?? 'null')
      } catch {
        lastChainId = undefined
      }
      try {
        networks = JSON.parse(get(LoginCacheKeys.smartAccountEnabledNetworks) ?? '[]')
      } catch {
        networks = []
      }
      return {
        emailLoginUsed: get(LoginCacheKeys.emailLoginUsed) === 'true',
        email: isEmail(email) ? email : undefined,
        socialUsername: socialUsername !== null && USERNAME.test(socialUsername) ? socialUsername : undefined,
        lastChainId: isChainId(lastChainId) ? lastChainId : undefined,
        lastEmailLoginTime: Number.isSafeInteger(time) && time > 0 ? time : undefined,
        smartAccountEnabledNetworks: Array.isArray(networks) ? networks.filter((n): n is number => Number.isSafeInteger(n) && n > 0) : [],
      }
    },
    emailCodeSent(time) {
      if (Number.isSafeInteger(time) && time > 0) set(LoginCacheKeys.lastEmailLoginTime, String(time))
    },
    loginSucceeded({ email, socialUsername, chainId }) {
      setEmail(email)
      if (typeof socialUsername === 'string' && USERNAME.test(socialUsername)) set(LoginCacheKeys.socialUsername, socialUsername)
      setChain(chainId)
      set(LoginCacheKeys.emailLoginUsed, 'true')
      remove(LoginCacheKeys.lastEmailLoginTime)
    },
    connectionEnded() {
      remove(LoginCacheKeys.emailLoginUsed)
      remove(LoginCacheKeys.email)
      remove(LoginCacheKeys.lastChainId)
      remove(LoginCacheKeys.socialUsername)
    },
    emailChanged: setEmail,
    chainChanged: setChain,
    smartAccountNetworksLoaded(networks) {
      set(LoginCacheKeys.smartAccountEnabledNetworks, JSON.stringify(networks.filter((n) => Number.isSafeInteger(n) && n > 0)))
    },
    smartAccountNetworksFailed() {
      set(LoginCacheKeys.smartAccountEnabledNetworks, '[]')
    },
  }
}
