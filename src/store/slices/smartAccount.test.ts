import { resolveConfig } from '../../config/resolveConfig'
import { smartAccountActions, smartAccountSlice } from './smartAccount'

const reduce = (actions: Parameters<typeof smartAccountSlice.reducer>[1][]) => actions.reduce(smartAccountSlice.reducer, smartAccountSlice.getInitialState())

describe('smartAccount slice', () => {
  it('caches the enabled networks, and empties them when the call fails (SPEC §4)', () => {
    expect(reduce([]).enabledNetworks).toEqual([])
    expect(reduce([smartAccountActions.enabledNetworksLoaded({ networks: [1, 8453, 0, -1, 1.5] })]).enabledNetworks).toEqual([1, 8453])
    expect(reduce([smartAccountActions.enabledNetworksLoaded({ networks: [1] }), smartAccountActions.enabledNetworksFailed()]).enabledNetworks).toEqual([])
  })
  it('tracks the switch in progress and its failure', () => {
    expect(reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' })]).switchingTo).toBe('eoa')
    expect(reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' }), smartAccountActions.switchSucceeded()]).switchingTo).toBeUndefined()
    expect(reduce([smartAccountActions.switchAccountType({ namespace: 'eip155', type: 'eoa' }), smartAccountActions.switchFailed({ message: 'User rejected the request.' })])).toEqual({
      enabledNetworks: [],
      switchingTo: undefined,
      error: 'User rejected the request.',
    })
  })
})

describe('config.defaultAccountTypes', () => {
  const resolve = (defaultAccountTypes: unknown) => resolveConfig({ projectId: 'p', plugins: [], networks: [], defaultAccountTypes: defaultAccountTypes as never }, { defaultPlugins: () => [] })
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
  })
})
