import { routerActions, routerSlice, selectCanGoBack, selectView } from './router'
import { modalActions } from './modal'

const reduce = (actions: ReturnType<(typeof routerActions)[keyof typeof routerActions]>[]) => actions.reduce(routerSlice.reducer, routerSlice.getInitialState())
const view = (state: ReturnType<typeof reduce>) => selectView({ router: state })

describe('router (SPEC §4 view history)', () => {
  it('starts on Connect with nothing to go back to', () => {
    const state = reduce([])
    expect(view(state)).toBe('Connect')
    expect(selectCanGoBack({ router: state })).toBe(false)
  })

  it('push adds a view and goBack returns to the previous one', () => {
    const state = reduce([routerActions.push({ view: 'AllWallets' }), routerActions.push({ view: 'WalletDetails', params: { walletId: 'rainbow' } })])
    expect(state.history.map((r) => r.view)).toEqual(['Connect', 'AllWallets', 'WalletDetails'])
    expect(view(routerSlice.reducer(state, routerActions.goBack()))).toBe('AllWallets')
  })

  it('push of the view already shown does not stack it twice', () => {
    expect(reduce([routerActions.push({ view: 'AllWallets' }), routerActions.push({ view: 'AllWallets' })]).history).toHaveLength(2)
  })

  it('replace swaps the current view without growing history', () => {
    const state = reduce([routerActions.push({ view: 'AllWallets' }), routerActions.replace({ view: 'Networks' })])
    expect(state.history.map((r) => r.view)).toEqual(['Connect', 'Networks'])
  })

  it('reset leaves only the given view', () => {
    const state = reduce([routerActions.push({ view: 'AllWallets' }), routerActions.reset({ view: 'Account' })])
    expect(state.history).toEqual([{ view: 'Account' }])
  })

  it('goBack on the first view stays there', () => {
    expect(view(reduce([routerActions.goBack()]))).toBe('Connect')
  })

  it('goBackToIndex cuts history after the index and ignores indexes out of range', () => {
    const three = reduce([routerActions.push({ view: 'AllWallets' }), routerActions.push({ view: 'Networks' }), routerActions.push({ view: 'Send' })])
    expect(routerSlice.reducer(three, routerActions.goBackToIndex(1)).history.map((r) => r.view)).toEqual(['Connect', 'AllWallets'])
    expect(routerSlice.reducer(three, routerActions.goBackToIndex(9))).toBe(three)
    expect(routerSlice.reducer(three, routerActions.goBackToIndex(-1))).toBe(three)
  })

  it('opening the modal resets history to the opened view', () => {
    const state = routerSlice.reducer(reduce([routerActions.push({ view: 'Send' })]), modalActions.opened({ route: { view: 'Account' } }))
    expect(state.history).toEqual([{ view: 'Account' }])
  })
})
