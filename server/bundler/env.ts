/**
 * The bundler's environment variable (docs/smart-accounts.md), read apart from env.ts so
 * each area owns its variables:
 *
 * - BUNDLER_KEY   0x… private key that signs and pays for the bundles on local chains;
 *                 turns the development bundler (/v1/bundler) on. Development only.
 */
import { type Hex } from 'viem'
import { InvalidEnvironmentError } from '../env'

export interface BundlerEnv {
  /** Set when the development bundler is on. */
  bundlerKey: Hex | undefined
}

/**
 * @example
 * readBundlerEnv({ BUNDLER_KEY: '0xdbda…7b97' }) // { bundlerKey: '0xdbda…7b97' }
 */
export function readBundlerEnv(env: Readonly<Record<string, string | undefined>>): BundlerEnv {
  const key = env.BUNDLER_KEY?.trim() || undefined
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    // Never echo the value: it is a private key.
    throw new InvalidEnvironmentError('BUNDLER_KEY must be a private key: 0x and 64 hex characters')
  }
  return { bundlerKey: key as Hex | undefined }
}
