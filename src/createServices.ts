import type { ResolvedConfig } from './config/resolveConfig'
import { SDK_TYPE, SDK_VERSION } from './config/defaults'
import { createBlockchainApiClient, createWalletListingClient, type BlockchainApiClient, type WalletListingClient } from './services'

/** The service clients sagas use, built for one Portico instance. */
export type PorticoServices = {
  blockchainApi: BlockchainApiClient
  walletListing: WalletListingClient
}

/**
 * Builds the service clients from the resolved config. `createPortico` imports this
 * module lazily, on the first saga that needs a service, so a dapp's first load does
 * not carry the HTTP clients.
 */
export function createServices(config: ResolvedConfig): PorticoServices {
  const common = { projectId: config.projectId ?? '', sdkType: SDK_TYPE, sdkVersion: SDK_VERSION }
  return {
    blockchainApi: createBlockchainApiClient({ ...common, baseUrl: config.endpoints.blockchainApi }),
    walletListing: createWalletListingClient({ ...common, baseUrl: config.endpoints.walletListing }),
  }
}
