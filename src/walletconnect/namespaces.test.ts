import { buildProposalNamespaces, buildRpcMap } from './namespaces'
import { builtInProtocols } from './test/protocols'
import { eip155Remote } from '../plugins/eip155/capabilities'
import { addressesOn, parseCaipAccount, toSessionInfo } from './session'
import { testNetwork } from './test/harness'
import type { SessionTypes } from '@walletconnect/types'

const solana = { ...testNetwork(1), id: 'x', chainNamespace: 'solana', caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' as const }
const bitcoin = { ...testNetwork(1), id: 'y', chainNamespace: 'bip122', caipNetworkId: 'bip122:000000000019d6689c085ae165831e93' as const }
const polkadot = { ...testNetwork(1), id: 'z', chainNamespace: 'polkadot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' as const }

describe('session proposal namespaces', () => {
  it('eip155 only, from the configured networks, with the SPEC §5 wallet methods and both events', () => {
    const namespaces = buildProposalNamespaces([testNetwork(1), testNetwork(10), testNetwork(1)], builtInProtocols)
    expect(Object.keys(namespaces)).toEqual(['eip155'])
    expect(namespaces.eip155).toEqual({ chains: ['eip155:1', 'eip155:10'], methods: [...eip155Remote.methods], events: ['chainChanged', 'accountsChanged'] })
    expect(namespaces.eip155!.methods).toEqual(
      expect.arrayContaining(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities']),
    )
  })

  it('adds solana and bip122 when configured, and leaves out namespaces whose plugin has no remote capability', () => {
    const namespaces = buildProposalNamespaces([testNetwork(1), solana, bitcoin, polkadot], builtInProtocols)
    expect(Object.keys(namespaces)).toEqual(['eip155', 'solana', 'bip122'])
    expect(namespaces.solana).toMatchObject({ chains: [solana.caipNetworkId], methods: expect.arrayContaining(['solana_signMessage', 'solana_signTransaction']) })
    expect(namespaces.bip122).toMatchObject({ chains: [bitcoin.caipNetworkId], methods: expect.arrayContaining(['signMessage', 'sendTransfer']) })
  })

  it('maps each chain to its first HTTP RPC URL', () => {
    expect(buildRpcMap([testNetwork(1, 'http://a'), testNetwork(10)])).toEqual({ 'eip155:1': 'http://a' })
  })
})

describe('session data', () => {
  const struct = {
    topic: 't',
    pairingTopic: 'p',
    expiry: 1_700_000_000,
    peer: { publicKey: 'k', metadata: { name: 'W', description: 'd', url: 'https://w', icons: ['i'] } },
    namespaces: {
      eip155: { accounts: ['eip155:1:0xA', 'eip155:10:0xA', 'eip155:10:0xB'], methods: ['personal_sign'], events: ['chainChanged'] },
      'eip155:137': { accounts: ['eip155:137:0xA'], methods: ['eth_sendTransaction'], events: [] },
    },
  } as unknown as SessionTypes.Struct

  it('is plain data: chains from the accounts and chain-scoped keys, expiry in ms', () => {
    const info = toSessionInfo(struct)
    expect(JSON.parse(JSON.stringify(info))).toEqual(info)
    expect(info).toEqual({
      topic: 't',
      pairingTopic: 'p',
      expiry: 1_700_000_000_000,
      peer: { name: 'W', description: 'd', url: 'https://w', icons: ['i'] },
      namespaces: {
        eip155: {
          accounts: ['eip155:1:0xA', 'eip155:10:0xA', 'eip155:10:0xB', 'eip155:137:0xA'],
          chains: ['eip155:1', 'eip155:10', 'eip155:137'],
          methods: ['personal_sign', 'eth_sendTransaction'],
          events: ['chainChanged'],
        },
      },
    })
  })

  it('reads CAIP-10 accounts and the addresses on a chain', () => {
    expect(parseCaipAccount('eip155:1:0xabc')).toEqual({ caipNetworkId: 'eip155:1', address: '0xabc' })
    expect(parseCaipAccount('eip155:1')).toBeUndefined()
    const eip155 = toSessionInfo(struct).namespaces.eip155!
    expect(addressesOn(eip155, 'eip155:10')).toEqual({ caipNetworkId: 'eip155:10', addresses: ['0xA', '0xB'] })
    expect(addressesOn(eip155, 'eip155:999')).toEqual({ caipNetworkId: 'eip155:1', addresses: ['0xA'] })
    expect(addressesOn({ accounts: [], chains: [], methods: [], events: [] })).toBeUndefined()
  })
})
