import { DefaultFeatures } from './constants'
import type { Endpoints, Features, Metadata } from './types'

export const SDK_TYPE = 'portico'
export const SDK_VERSION = '0.1.0'

export const defaultFeatures: Features = { ...DefaultFeatures }

/** The local stack's addresses (`npm start`); production dapps point these at their hosts. */
export const defaultEndpoints: Endpoints = {
  blockchainApi: 'http://127.0.0.1:8787',
  walletListing: 'http://127.0.0.1:8787',
  secureFrame: 'http://127.0.0.1:8788',
  relay: 'ws://127.0.0.1:8789',
}

export const defaultMetadata: Metadata = { name: 'Dapp', description: '', url: '', icons: [] }
