import * as portico from '.'
import * as react from './react'

// Any change to the public API shows up here in review (viem's export-snapshot habit).
describe('public API', () => {
  it('exports exactly these names from portico', () => {
    expect(Object.keys(portico).sort()).toMatchSnapshot()
  })
  it('exports exactly these names from portico/react', () => {
    expect(Object.keys(react).sort()).toMatchSnapshot()
  })
})
