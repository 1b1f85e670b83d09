import { tokenBalanceKey, type TokenBalance } from '../../types/tokenBalance'
import { accountActions } from './account'
import { sendActions, sendSlice } from './send'

const sol = (numeric: string): TokenBalance => ({ name: 'Solana', symbol: 'SOL', chainId: 'solana:x', value: 0, price: 150, quantity: { decimals: '9', numeric }, iconUrl: '' })
const ptt = (numeric: string): TokenBalance => ({ ...sol(numeric), name: 'Portico Test Token', symbol: 'PTT', address: 'solana:x:Mint', quantity: { decimals: '6', numeric } })

describe('the send slice and balance refreshes', () => {
  it('takes the picked token’s fresh balance, so the amount is checked against what the account holds now', () => {
    let state = sendSlice.reducer(undefined, sendActions.tokenSet(sol('0')))
    state = sendSlice.reducer(state, sendActions.amountSet('0.25'))
    state = sendSlice.reducer(state, accountActions.tokenBalanceLoaded({ namespace: 'solana', tokens: [ptt('5'), sol('1')] }))
    expect(state.token).toEqual(sol('1'))
    expect(state.amount).toBe('0.25')
  })

  it('keeps the picked token when the refresh no longer lists it, and while a send is under way', () => {
    let state = sendSlice.reducer(undefined, sendActions.tokenSet(ptt('5')))
    state = sendSlice.reducer(state, accountActions.tokenBalanceLoaded({ namespace: 'solana', tokens: [sol('1')] }))
    expect(state.token).toEqual(ptt('5'))
    state = sendSlice.reducer(state, sendActions.sendRequested())
    state = sendSlice.reducer(state, accountActions.tokenBalanceLoaded({ namespace: 'solana', tokens: [ptt('4')] }))
    expect(state.token).toEqual(ptt('5'))
  })

  it('keys a token by network, address and symbol, not by its balance', () => {
    expect(tokenBalanceKey(sol('0'))).toBe(tokenBalanceKey(sol('7')))
    expect(tokenBalanceKey(sol('0'))).not.toBe(tokenBalanceKey(ptt('0')))
  })
})
