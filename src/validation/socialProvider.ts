import { OAuthProviders, type OAuthProvider } from '../config/constants'

/**
 * SPEC §3 / §5: the social provider payload is one of the six OAuth providers (google,
 * github, apple, facebook, x, discord). Farcaster is a social option in the UI but has
 * its own flow (Farcaster URI), so it is not a social provider here.
 *
 * @example
 * isSocialProvider('github')    // true
 * isSocialProvider('farcaster') // false
 */
export function isSocialProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAuthProviders as readonly string[]).includes(value)
}
