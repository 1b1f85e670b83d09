import type { ResolvedConfig } from '../config/resolveConfig'
import { createPluginRegistry } from '../plugins/registry'
import type { NamespacePlugin } from '../plugins/types'
import type { SagaContext } from '../sagas/context'
import { createStorage } from '../storage/createStorage'

/**
 * The saga context a saga test runs with: one plugin, registered through the registry as
 * `createPortico` does (so a malformed test plugin is refused here too), no window, no
 * services (a call rejects), the real clock and an in-memory storage; `overrides` replace
 * any of these (a WalletConnect loader, a storage with a remembered connection, ...).
 *
 * @example
 * const context = testSagaContext(config, fake.plugin, { walletConnect: async () => stub.client })
 */
export function testSagaContext(config: ResolvedConfig, plugin: NamespacePlugin, overrides: Partial<SagaContext> = {}): SagaContext {
  return {
    config,
    plugins: createPluginRegistry([plugin]).byNamespace,
    window: undefined,
    services: () => Promise.reject(new Error('no services in this test')),
    now: () => Date.now(),
    storage: createStorage({ store: undefined }),
    ...overrides,
  }
}
