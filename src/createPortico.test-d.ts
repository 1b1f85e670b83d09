// Type tests (checked by `npm run typecheck`, never run): what a dapp's editor infers
// for the public API's generic methods. expect-type's assertions fail compilation when a
// type drifts; `@ts-expect-error` lines must stay errors.
import { expectTypeOf } from 'expect-type'
import type { PorticoBitcoinProvider } from './plugins/bip122/dappProvider'
import { createPortico, type OpenOptions, type Portico, type ProviderByNamespace } from './index'
import type { PorticoEip1193Provider } from './plugins/eip155'
import { useProvider } from './react'
import type { PorticoSolanaWallet } from './plugins/solana/dappWallet'

declare const portico: Portico

describe('getProvider<N>', () => {
  it('gives the namespace’s own provider type, through the ProviderByNamespace augmentation', () => {
    expectTypeOf(portico.getProvider('eip155')).toEqualTypeOf<PorticoEip1193Provider>()
    // Added by importing portico/solana and portico/bitcoin (src/solana, src/bitcoin).
    expectTypeOf(portico.getProvider('solana')).toEqualTypeOf<PorticoSolanaWallet>()
    expectTypeOf(portico.getProvider('bip122')).toEqualTypeOf<PorticoBitcoinProvider>()
    expectTypeOf<ProviderByNamespace['eip155']>().toEqualTypeOf<PorticoEip1193Provider>()
  })
  it('gives unknown for a third-party namespace, whose plugin defines its provider', () => {
    expectTypeOf(portico.getProvider('cosmos')).toBeUnknown()
    expectTypeOf(portico.getProvider('eip155', { allowDisconnected: true })).toEqualTypeOf<PorticoEip1193Provider>()
  })
  it('useProvider is the same, or undefined while the namespace is not connected', () => {
    expectTypeOf(useProvider('eip155')).toEqualTypeOf<PorticoEip1193Provider | undefined>()
    expectTypeOf(useProvider('cosmos')).toBeUnknown()
  })
})

describe('on<E>', () => {
  it('types each event’s data and the event by its name', () => {
    portico.on('CONNECT_SUCCESS', (data, event) => {
      expectTypeOf(data.namespace).toBeString()
      expectTypeOf(data.reconnected).toBeBoolean()
      expectTypeOf(event.name).toEqualTypeOf<'CONNECT_SUCCESS'>()
    })
    portico.on('SWITCH_NETWORK', (data) => {
      expectTypeOf(data.previous).toEqualTypeOf<`${string}:${string}` | undefined>()
    })
    expectTypeOf(portico.on('MODAL_OPEN', () => undefined)).toEqualTypeOf<() => void>()
  })
  it('refuses an unknown event and a listener for another event’s data', () => {
    // @ts-expect-error: no such event
    portico.on('CONNECTED', () => undefined)
    // @ts-expect-error: MODAL_CLOSE has no `view`
    portico.on('MODAL_CLOSE', (data: { view: string; connected: boolean }) => data)
  })
})

describe('open<View>', () => {
  it('takes a view without parameters alone, and a view with parameters only with them', () => {
    portico.open()
    portico.open({ view: 'Networks' })
    portico.open({ view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:10' } })
    expectTypeOf<OpenOptions<'EmailVerifyOtp'>['params']>().toEqualTypeOf<{ email: string }>()
    // @ts-expect-error: SwitchNetwork needs its network
    portico.open({ view: 'SwitchNetwork' })
    // @ts-expect-error: Networks takes no parameters
    portico.open({ view: 'Networks', params: { caipNetworkId: 'eip155:10' } })
    // @ts-expect-error: not a view
    portico.open({ view: 'Settings' })
  })
})

describe('createPortico', () => {
  it('returns a Portico', () => {
    expectTypeOf(createPortico).returns.toEqualTypeOf<Portico>()
  })
})
