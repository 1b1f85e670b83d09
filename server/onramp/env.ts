/**
 * The onramp's environment variables (docs/self-hosting.md), read apart from env.ts so
 * each area owns its variables:
 *
 * - ONRAMP_PROVIDERS           JSON array of third-party providers (providers.ts)
 * - ONRAMP_TEST_PROVIDER_KEY   0x… private key that pays test purchases on local chains;
 *                              turns the test provider on. Development only.
 */
import { type Hex } from 'viem'
import { InvalidEnvironmentError } from '../env'
import { type OnrampProviderConfig, parseOnrampProviders } from './providers'

export interface OnrampEnv {
  providers: OnrampProviderConfig[]
  /** Set when the test provider is on. */
  testProviderKey: Hex | undefined
}

/**
 * @example
 * readOnrampEnv({ ONRAMP_TEST_PROVIDER_KEY: '0x2a87…09c6' }) // { providers: [], testProviderKey: '0x2a87…09c6' }
 */
export function readOnrampEnv(env: Readonly<Record<string, string | undefined>>): OnrampEnv {
  let providers: OnrampProviderConfig[] = []
  const text = env.ONRAMP_PROVIDERS?.trim()
  if (text) {
    const parsed = parseOnrampProviders(text)
    if ('problem' in parsed) throw new InvalidEnvironmentError(`ONRAMP_PROVIDERS ${parsed.problem}`)
    providers = parsed.providers
  }
  const key = env.ONRAMP_TEST_PROVIDER_KEY?.trim() || undefined
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    // Never echo the value: it is a private key.
    throw new InvalidEnvironmentError('ONRAMP_TEST_PROVIDER_KEY must be a private key: 0x and 64 hex characters')
  }
  return { providers, testProviderKey: key as Hex | undefined }
}
