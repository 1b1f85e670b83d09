import * as portico from '.'
import * as bitcoin from './bitcoin'
import * as react from './react'
import * as solana from './solana'

// Any change to the public API shows up here in review (viem's export-snapshot habit).
describe('public API', () => {
  it('exports exactly these names from portico', () => {
    expect(Object.keys(portico).sort()).toMatchSnapshot()
  })
  it('exports exactly these names from portico/react', () => {
    expect(Object.keys(react).sort()).toMatchSnapshot()
  })
  it('exports exactly these names from portico/solana', () => {
    expect(Object.keys(solana).sort()).toMatchSnapshot()
  })
  it('exports exactly these names from portico/bitcoin', () => {
    expect(Object.keys(bitcoin).sort()).toMatchSnapshot()
  })
  // Their libraries are optional peer dependencies: an EVM-only dapp that imports
  // `portico` must not need them, so the plugins are reached only through their entries.
  it('keeps the Solana and Bitcoin plugins out of portico', () => {
    const namespaceEntries = [...Object.keys(solana), ...Object.keys(bitcoin)]
    expect(namespaceEntries.filter((name) => name in portico)).toEqual([])
  })
})
