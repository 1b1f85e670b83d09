import { resolveConfig } from '../../config/resolveConfig'
import { bip122 } from '../../plugins/bip122/plugin'
import { eip155 } from '../../plugins/eip155/plugin'
import { solana } from '../../plugins/solana/plugin'
import type { NamespacePlugin } from '../../plugins/types'
import { smartAccountActions, smartAccountSlice } from './smartAccount'

const reduce = (actions: Parameters<typeof smartAccountSlice.reducer>[1][]) => actions.reduce(smartAccountSlice.reducer, smartAccountSlice.getInitialState())

describe('smartAccount slice', () => {
  it('caches the enabled networks as CAIP-2 ids, and empties them when the call fails (SPEC §4)', () => {
    expect(reduce([]).enabledNetworks).toEqual([])
    expect(reduce([smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1', 'eip155:8453', 'eip155', ':1', 'EIP155:1', 'eip155:1:0xabc'] as never })]).enabledNetworks).toEqual([
      'eip155:1',
      'eip155:8453',
    ])
    expect(reduce([smartAccountActions.enabledNetworksLoaded({ networks: ['eip155:1'] }), smartAccountActions.enabledNetworksFailed()]).enabledNetworks).toEqual([])
  })
  it('tracks the switch in progress and its failure', () => {
    expect(reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' })]).switchingTo).toBe('eoa')
    expect(reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' }), smartAccountActions.switchSucceeded()]).switchingTo).toBeUndefined()
    expect(
      reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' }), smartAccountActions.switchFailed({ error: { code: 4001, key: 'errors.userRejectedRequest', params: {} } })]),
    ).toEqual({
      enabledNetworks: [],
      switchingTo: undefined,
      error: { code: 4001, key: 'errors.userRejectedRequest', params: {} },
    })
  })
})

describe('config.defaultAccountTypes', () => {
  // Each namespace's account types are its plugin's (`accountTypes`).
  const plugins = [eip155(), solana(), bip122()]
  const resolve = (defaultAccountTypes: unknown, registered: readonly NamespacePlugin[] = plugins) =>
    resolveConfig({ projectId: 'p', plugins: [...registered], defaultAccountTypes: defaultAccountTypes as never }, { defaultPlugins: () => [] })
  it('defaults to SPEC §9: eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment', () => {
    expect(resolve(undefined).accountTypes).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' })
  })
  it('takes the dapp’s override per namespace', () => {
    expect(resolve({ eip155: 'eoa' }).accountTypes).toMatchObject({ eip155: 'eoa', solana: 'eoa', bip122: 'payment' })
    expect(resolve({ bip122: 'ordinal' }).accountTypes.bip122).toBe('ordinal')
  })
  it('refuses a type the namespace does not have', () => {
    expect(() => resolve({ solana: 'smartAccount' })).toThrow('defaultAccountTypes.solana is not an account type of that namespace.')
    expect(() => resolve({ eip155: 'payment' })).toThrow('defaultAccountTypes.eip155')
    expect(() => resolve({ bip122: 'eoa' })).toThrow('defaultAccountTypes.bip122')
    expect(() => resolve({ eip155: 'smart' })).toThrow('defaultAccountTypes.eip155')
  })
  it('takes the SPEC §5 rule for a plugin that declares no account types, and any type for a namespace without a plugin', () => {
    const { accountTypes: _none, ...plain } = solana()
    expect(resolve({ solana: 'smartAccount' }, [plain]).accountTypes.solana).toBe('smartAccount')
    expect(() => resolve({ solana: 'payment' }, [plain])).toThrow('defaultAccountTypes.solana')
    expect(resolve({ bip122: 'ordinal' }, [eip155()]).accountTypes.bip122).toBe('ordinal')
    expect(() => resolve({ bip122: 'savings' }, [eip155()])).toThrow('defaultAccountTypes.bip122')
  })
})
