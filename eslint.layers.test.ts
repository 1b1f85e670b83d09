import { lintCases, type LintCase } from './eslint.lintCases'

/**
 * The layer rules of DESIGN.md ("Who may import whom") as eslint.config.mjs enforces them:
 * for each rule, an import that breaks it is refused and one it allows passes. Each case
 * is linted as if it were a file at `filePath`, with the repository's real config.
 */
type Case = LintCase

const RULE = '@typescript-eslint/no-restricted-imports'
/** `import('...')`, which RULE does not see, is refused through no-restricted-syntax. */
const DYNAMIC_RULE = 'no-restricted-syntax'

const lintAll = (cases: readonly Case[]): string[][] => lintCases(cases, [RULE, DYNAMIC_RULE])

// [rule, file, import line, refused?]
const table: [string, string, string, boolean][] = [
  // ui/, react/ -> store, config, errors, plugin *types*; never sagas, services, frame, a plugin's runtime
  ['ui', 'src/ui/views/SendView.tsx', "import { sendSaga } from '../../sagas/send'", true],
  ['ui', 'src/ui/views/SendView.tsx', "import { createServices } from '../../createServices'", true],
  ['ui', 'src/ui/views/SendView.tsx', "import { getBalance } from '../../services/blockchainApi/getBalance'", true],
  ['ui', 'src/ui/views/SendView.tsx', "import { createFrameClient } from '../../frame/client'", true],
  ['ui', 'src/ui/views/SendView.tsx', "import { eip155 } from '../../plugins/eip155'", true],
  ['ui', 'src/ui/views/SendView.tsx', "import { selectConnection } from '../../store/selectors/connection'", false],
  ['ui', 'src/ui/views/SendView.tsx', "import type { NamespacePlugin } from '../../plugins/types'", false],
  ['ui', 'src/ui/views/SendView.tsx', "import { type NamespacePlugin } from '../../plugins/types'", false],
  ['react', 'src/react/hooks.ts', "import { createPortico } from '../createPortico'", true],
  ['react', 'src/react/hooks.ts', "import { rootSaga } from '../sagas/rootSaga'", true],
  ['react', 'src/react/hooks.ts', "import type { Portico } from '../createPortico'", false],
  ['react', 'src/react/hooks.ts', "import { formatAmount } from '../ui/format/formatAmount'", false],
  // store/ -> config, errors, types only
  ['store', 'src/store/slices/modal.ts', "import { modalSaga } from '../../sagas/modal'", true],
  ['store', 'src/store/slices/modal.ts', "import { createPluginRegistry } from '../../plugins/registry'", true],
  ['store', 'src/store/slices/modal.ts', "import { createLoginCache } from '../../frame/loginCache'", true],
  ['store', 'src/store/slices/modal.ts', "import { createPorticoSiwx } from '../../siwx/createPorticoSiwx'", true],
  ['store', 'src/store/createStore.ts', "import { Modal } from '../ui/Modal'", true],
  ['store', 'src/store/createStore.ts', "import { createStorage } from '../storage/createStorage'", true],
  ['store', 'src/store/slices/modal.ts', "import { Limits } from '../../config/constants'", false],
  ['store', 'src/store/slices/modal.ts', "import type { NamespacePlugin } from '../../plugins/types'", false],
  ['store', 'src/store/slices/modal.ts', "import { siwxSlice } from './siwx'", false], // its own slices/siwx, not src/siwx
  // plugins/, services/, frame/ -> config, errors, their own code; never the store, sagas or views
  ['plugins', 'src/plugins/eip155/plugin.ts', "import { createStore } from '../../store/createStore'", true],
  ['plugins', 'src/plugins/eip155/plugin.ts', "import { connectSaga } from '../../sagas/connectors'", true],
  ['plugins', 'src/plugins/eip155/plugin.ts', "import { createHttpClient } from '../../services/http/createHttpClient'", true],
  ['plugins', 'src/plugins/eip155/plugin.ts', "import { injected } from '../../../dev/wallets/injected'", true],
  ['plugins', 'src/plugins/registry.ts', "import { networkActions } from '../store/slices/network'", true],
  ['plugins', 'src/plugins/eip155/plugin.ts', "import { RpcError } from '../../errors'", false],
  ['plugins', 'src/plugins/eip155/plugin.ts', "import type { NamespacePlugin } from '../types'", false],
  ['services', 'src/services/http/createHttpClient.ts', "import { modalActions } from '../../store/slices/modal'", true],
  ['services', 'src/services/http/createHttpClient.ts', "import { eip155 } from '../../plugins/eip155'", true],
  ['services', 'src/services/http/createHttpClient.ts', "import { createFrameClient } from '../../frame/client'", true],
  ['services', 'src/services/http/createHttpClient.ts', "import { Limits } from '../../config/constants'", false],
  ['frame', 'src/frame/client.ts', "import { embeddedActions } from '../store/slices/embedded'", true],
  ['frame', 'src/frame/client.ts', "import { embeddedSaga } from '../sagas/embedded'", true],
  ['frame', 'src/frame/schemas/validate.ts', "import { Modal } from '../../ui/Modal'", true],
  ['frame', 'src/frame/client.ts', "import { usePortico } from '../react/hooks'", true],
  ['frame', 'src/frame/loginCache.ts', "import { createStorage } from '../storage/createStorage'", true],
  ['frame', 'src/frame/loginCache.ts', "import type { KeyValueStore } from '../storage/createStorage'", false],
  ['frame', 'src/frame/client.ts', "import { isOriginAllowed } from '../shared/originMatch'", false],
  ['frame', 'src/frame/client.ts', "import { FrameError } from '../errors'", false],
  // walletconnect/ -> transport only: config, errors, types, shared, plugin *types*; never the frame or a plugin's code
  ['walletconnect', 'src/walletconnect/client.ts', "import { createSolanaRpcWallet } from '../plugins/solana/rpcWallet'", true],
  ['walletconnect', 'src/walletconnect/client.ts', "import { bip122 } from '../plugins/bip122/plugin'", true],
  ['walletconnect', 'src/walletconnect/client.ts', "import { createFrameClient } from '../frame/client'", true],
  ['walletconnect', 'src/walletconnect/client.ts', "import { walletConnectActions } from '../store/slices/walletConnect'", true],
  ['walletconnect', 'src/walletconnect/client.ts', "import { walletConnectSaga } from '../sagas/walletConnect'", true],
  ['walletconnect', 'src/walletconnect/session.ts', "import { parseCaipAccount } from '../types/remoteSession'", false],
  ['walletconnect', 'src/walletconnect/client.ts', "import { Time } from '../config/constants'", false],
  ['walletconnect', 'src/walletconnect/types.ts', "import type { RemoteNamespace } from '../plugins/types'", false],
  // config/ -> errors, types, shared, validation, the plugin registry; never what runs
  ['config', 'src/config/resolveConfig.ts', "import { createStore } from '../store/createStore'", true],
  ['config', 'src/config/resolveConfig.ts', "import { createHttpClient } from '../services/http/createHttpClient'", true],
  ['config', 'src/config/types.ts', "import { defaultStrings } from '../ui/strings'", true],
  ['config', 'src/config/types.ts', "import type { StringOverrides } from '../ui/strings'", false],
  ['config', 'src/config/resolveConfig.ts', "import { createPluginRegistry } from '../plugins/registry'", false],
  // package entries: their plugin and the Portico API, never sagas, services or views
  ['solana', 'src/solana/porticoWalletAdapter.ts', "import { connectSaga } from '../sagas/connectors'", true],
  ['solana', 'src/solana/porticoWalletAdapter.ts', "import { createPortico } from '../createPortico'", true],
  ['solana', 'src/solana/porticoWalletAdapter.ts', "import { selectConnection } from '../store/selectors/connection'", false],
  ['bitcoin', 'src/bitcoin/index.ts', "import { Modal } from '../ui/Modal'", true],
  ['bitcoin', 'src/bitcoin/index.ts', "import { bip122 } from '../plugins/bip122'", false],
  ['wagmi', 'src/wagmi/porticoConnector.ts', "import { eip155 } from '../plugins/eip155'", true],
  ['wagmi', 'src/wagmi/porticoConnector.ts', "import type { NamespacePlugin } from '../plugins/types'", false],
  // errors/ and types/ are the bottom: nothing above them
  ['errors', 'src/errors/messages.ts', "import { strings } from '../ui/strings'", true],
  ['errors', 'src/errors/rpc.ts', "import { alertsActions } from '../store/slices/alerts'", true],
  ['errors', 'src/errors/rpc.ts', "import { Limits } from '../config/constants'", true],
  ['errors', 'src/errors/messages.ts', "import { EmbeddedWalletMessages } from '../shared/embeddedWallet'", false],
  ['errors', 'src/errors/rpc.ts', "import type { Limits } from '../config/constants'", false],
  ['types', 'src/types/network.ts', "import { DEFAULT_CHAIN_ID } from '../config/constants'", true],
  ['types', 'src/types/network.ts', "import type { CaipNetworkId } from '../shared/caip'", false],
  // helpers below the sagas, and the store's readers (events, the provider host)
  ['storage', 'src/storage/createStorage.ts', "import { persistenceSaga } from '../sagas/persistence'", true],
  ['storage', 'src/storage/createStorage.ts', "import { accountActions } from '../store/slices/account'", true],
  ['storage', 'src/storage/initialState.ts', "import type { PorticoState } from '../store/createStore'", false],
  ['siwx', 'src/siwx/createPorticoSiwx.ts', "import { siwxActions } from '../store/slices/siwx'", true],
  ['siwx', 'src/siwx/createPorticoSiwx.ts', "import { ConfigError } from '../errors'", false],
  ['environment', 'src/environment.ts', "import { createStore } from './store/createStore'", true],
  ['environment', 'src/environment.ts', "import { Limits } from './config/constants'", false],
  ['environment', 'src/environment.ts', "import { startStack } from '../dev/start'", true],
  ['environment', 'src/environment.ts', "import { portico } from './index'", true],
  ['createServices', 'src/createServices.ts', "import { eip155 } from './plugins/eip155'", true],
  ['createServices', 'src/createServices.ts', "import { createHttpClient } from './services/http/createHttpClient'", false],
  ['analytics', 'src/analytics/createAnalytics.ts', "import { createServices } from '../createServices'", true],
  ['analytics', 'src/analytics/createAnalytics.ts', "import type { Services } from '../createServices'", false],
  ['events', 'src/events/fromAction.ts', "import { connectSaga } from '../sagas/connectors'", true],
  ['events', 'src/events/fromAction.ts', "import { accountActions } from '../store/slices/account'", false],
  ['providers', 'src/providers/connectionHost.ts', "import { eip155 } from '../plugins/eip155'", true],
  ['providers', 'src/providers/connectionHost.ts', "import { modalActions } from '../store/slices/modal'", false],
  ['providers', 'src/providers/connectionHost.ts', "import type { ConnectionHost } from '../plugins/types'", false],
  ['smartSessions', 'src/smartSessions/createSmartSessions.ts', "import { createPortico } from '../createPortico'", true],
  ['smartSessions', 'src/smartSessions/createSmartSessions.ts', "import type { Portico } from '../createPortico'", false],
  // sagas/ meet the layers below the views
  ['sagas', 'src/sagas/send.ts', "import { SendView } from '../ui/views/SendView'", true],
  ['sagas', 'src/sagas/send.ts', "import { sendActions } from '../store/slices/send'", false],
  // validation/ holds pure rules (known exceptions: send.ts and index.ts, see eslint.config.mjs)
  ['validation', 'src/validation/email.ts', "import { isEvmAddress } from '../plugins/eip155/address'", true],
  ['validation', 'src/validation/email.ts', "import { ErrorMessages } from '../errors'", false],
  // shared/ imports only its own files
  ['shared', 'src/shared/originMatch.ts', "import { Limits } from '../config/constants'", true],
  ['shared', 'src/shared/originMatch.ts', "import { getAddress } from 'viem'", true],
  ['shared', 'src/shared/blockchainApi.ts', "import type { CaipNetworkId } from './caip'", false],
  ['shared', 'src/shared/solanaTransaction.ts', "import { getTransactionDecoder } from '@solana/transactions'", false],
  ['shared', 'src/shared/solanaTransaction.ts', "import { getBase58Decoder } from '@solana/kit'", true],
  // src/shared/solanaTransaction (it needs @solana/kit) is for secure/ and server/, never the library
  ['shared', 'src/frame/solanaWallet.ts', "import { parseSolanaTransaction } from '../shared/solanaTransaction'", true],
  ['shared', 'src/createPortico.ts', "import { parseSolanaTransaction } from './shared/solanaTransaction'", true],
  ['shared', 'src/frame/solanaWallet.ts', "import { walletChainOf } from '../shared/solanaChains'", false],
  ['shared', 'secure/rpcHandler.ts', "import { parseSolanaTransaction } from '../src/shared/solanaTransaction'", false],
  ['shared', 'server/auth/signing.ts', "import { solanaMessageSigners } from '../../src/shared/solanaTransaction'", false],
  // the library never imports outside src/
  ['src', 'src/store/createStore.ts', "import { startStack } from '../../dev/start'", true],
  ['src', 'src/store/createStore.ts', "import { portico } from '..'", true],
  ['src', 'src/walletconnect/client.ts', "import { startRelay } from '../../dev/relay'", true],
  ['src', 'src/createPortico.ts', "import { buildSecurePage } from '../secure/build'", true],
  ['src', 'src/walletconnect/client.ts', "import { RpcError } from '../errors'", false],
  // secure/ -> the frame protocol (types, RPC shapes, schemas) and src/shared only
  ['secure', 'secure/rpcHandler.ts', "import { createStore } from '../src/store/createStore'", true],
  ['secure', 'secure/rpcHandler.ts', "import { Limits } from '../src/config/constants'", true],
  ['secure', 'secure/rpcHandler.ts', "import { ErrorMessages } from '../src/errors/messages'", true],
  ['secure', 'secure/rpcHandler.ts', "import { createFrameClient } from '../src/frame/client'", true],
  ['secure', 'secure/rpcHandler.ts', "import { loadProjects } from '../server/projects'", true],
  ['secure', 'secure/rpcHandler.ts', "import { devAccounts } from '../dev/chain/devAccounts'", true],
  ['secure', 'secure/rpcHandler.ts', "import type { FrameChainId } from '../src/frame/protocol'", false],
  ['secure', 'secure/rpcHandler.ts', "import { isSafeRpcMethod } from '../src/frame/rpc'", false],
  ['secure', 'secure/rpcHandler.ts', "import { validateRpcParams } from '../src/frame/schemas/validate'", false],
  ['secure', 'secure/rpcHandler.ts', "import { isOriginAllowed } from '../src/shared/originMatch'", false],
  ['secure', 'secure/accountType.ts', "import { DefaultAccountTypes } from '../src/config/constants'", true],
  ['secure', 'secure/accountType.ts', "import { isAccountType } from '../src/validation/accountType'", true],
  ['secure', 'secure/chainRpc.ts', "import { ErrorMessages } from '../src/errors/messages'", true],
  ['secure', 'secure/accountType.ts', "import { isEmbeddedAccountType } from '../src/shared/embeddedWallet'", false],
  ['secure', 'secure/accountType.ts', "import { createStore } from '../src/store/createStore'", true],
  // server/ -> its own code and src/shared; never the modal, never dev/
  ['server', 'server/routes/balance.ts', "import type * as Wire from '../../src/services/blockchainApi/types'", true],
  ['server', 'server/routes/balance.ts', "import { createPortico } from '../../src/createPortico'", true],
  ['server', 'server/routes/balance.ts', "import { startLocalChain } from '../../dev/chain/localChain'", true],
  ['server', 'server/securePage.ts', "import { buildSecurePage } from '../secure/build'", true],
  ['server', 'server/routes/balance.ts', "import type * as Wire from '../../src/shared/blockchainApi'", false],
  ['server', 'server/projects.ts', "import { compileOriginPatterns } from '../src/shared/originMatch'", false],
  ['server', 'server/routes/balance.ts', "import { httpError } from '../httpErrors'", false],
  ['server', 'server/accountAbstraction/routes.ts', "import { SMART_ACCOUNT_FACTORY_ADDRESS } from '../../dev/chain/accountAbstraction'", true],
  ['server', 'server/accountAbstraction/routes.ts', "import { startLocalAlto } from '../../dev/chain/alto'", true],
  ['server', 'server/accountAbstraction/routes.ts', "import { SMART_ACCOUNT_FACTORY_ADDRESS } from './accountFactory'", false],
  ['server', 'server/accountAbstraction/routes.ts', "import { startLocalChain } from '../../dev/chain/localChain'", true],
  // import('...') loads code: refused like a static import, type-only allowances aside
  ['dynamic', 'src/ui/views/SendView.tsx', "import('../../sagas/send')", true],
  ['dynamic', 'src/ui/views/SendView.tsx', "import('../../plugins/eip155')", true],
  ['dynamic', 'src/store/createStore.ts', "import('../frame')", true],
  ['dynamic', 'secure/rpcHandler.ts', "import('../src/store/createStore')", true],
  ['dynamic', 'server/routes/balance.ts', "import('../../dev/chain/localChain')", true],
  ['dynamic', 'src/react/preloadModal.ts', "import('../ui/Modal')", false],
  ['dynamic', 'src/plugins/eip155/plugin.ts', "import('./wallet')", false],
  // tests and test harnesses wire layers together freely
  ['tests', 'src/store/slices/modal.test.ts', "import { modalSaga } from '../../sagas/modal'", false],
  ['tests', 'secure/test/parentPage.ts', "import { createStore } from '../../src/store/createStore'", false],
]

describe('ESLint layer rules (DESIGN.md "Who may import whom")', () => {
  let results: string[][]
  beforeAll(() => {
    results = lintAll(table.map(([, filePath, line]) => ({ filePath, code: isDynamic(line) ? `export const loaded = ${line}\n` : `${line}\nexport const used = [${importedName(line)}]\n` })))
  }, 120_000)

  it.each(table.map((row, index) => [...row, index] as const))('%s: %s: %s (refused: %s)', (_rule, _file, line, refused, index) => {
    expect(results[index]).toEqual(refused ? [isDynamic(line) ? DYNAMIC_RULE : RULE] : [])
  })
})

const isDynamic = (line: string) => line.startsWith('import(')

describe('library tests dispatch action creators', () => {
  it("refuses a hand-written { type: 'slice/action' } in src/ tests, and leaves action creators, plain test actions and other folders alone", () => {
    const handWritten = "declare const store: { dispatch(a: unknown): void }\nstore.dispatch({ type: 'connectors/connectRequested', payload: { connectorId: 'x' } })\n"
    const plain = "declare const store: { dispatch(a: unknown): void }\nstore.dispatch({ type: 'a' })\n"
    const results = lintAll([
      { filePath: 'src/sagas/x.test.ts', code: handWritten },
      { filePath: 'src/ui/x.test.tsx', code: handWritten },
      { filePath: 'src/sagas/x.test.ts', code: plain },
      { filePath: 'e2e/x.test.ts', code: handWritten },
    ])
    expect(results).toEqual([[DYNAMIC_RULE], [DYNAMIC_RULE], [], []])
  }, 120_000)
})

describe("the postMessage '*' rule", () => {
  it('still holds in files under a layer rule (both are no-restricted-syntax)', () => {
    const code = "export const post = (target: Window) => target.postMessage({ type: 'ready' }, '*')\n"
    const [frame, secure, root] = lintAll([
      { filePath: 'src/frame/client.ts', code },
      { filePath: 'secure/secureFrame.ts', code },
      { filePath: 'demo/main.ts', code },
    ])
    expect([frame, secure, root]).toEqual([[DYNAMIC_RULE], [DYNAMIC_RULE], [DYNAMIC_RULE]])
  }, 120_000)
})

/** The local name an import line binds, so the linted file uses it (no unused-vars noise). */
function importedName(line: string): string {
  const match = /import (?:type )?(?:\* as (\w+)|\{ (?:type )?(\w+)|(\w+))/.exec(line)
  const name = match?.[1] ?? match?.[2] ?? match?.[3]
  if (!name) throw new Error(`no imported name in: ${line}`)
  return line.includes('import type') || line.includes('{ type ') ? `undefined as unknown as ${name}` : name
}
