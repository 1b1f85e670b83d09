import { createSmartAccounts } from './accountType'
import { ReplyError } from './replyError'
import { createMemoryStore } from './session'

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const make = (store = createMemoryStore()) => createSmartAccounts({ apiUrl: 'http://127.0.0.1:9', projectId: 'shop', rpcUrls: { 'eip155:1': 'http://127.0.0.1:9' }, store })

describe('the account type in the secure page', () => {
  it('is SPEC §9’s eip155 default until the user chooses, then the choice, per user and kept in the page’s storage', () => {
    const store = createMemoryStore()
    const accounts = make(store)
    expect(accounts.preferredType(OWNER)).toBe('smartAccount')
    expect(accounts.setPreferredType(OWNER, 'eoa')).toBe('eoa')
    expect(accounts.preferredType(OWNER.toLowerCase())).toBe('eoa')
    expect(accounts.preferredType('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')).toBe('smartAccount')
    expect(make(store).preferredType(OWNER)).toBe('eoa')
    expect(JSON.parse(store.getItem('portico.secure.accountTypes')!)).toEqual({ [OWNER.toLowerCase()]: 'eoa' })
  })

  it('refuses anything but eoa and smartAccount, and ignores damaged storage', () => {
    const store = createMemoryStore()
    const accounts = make(store)
    for (const bad of ['payment', 'ordinal', '', null, 1]) expect(() => accounts.setPreferredType(OWNER, bad)).toThrow(ReplyError)
    store.setItem('portico.secure.accountTypes', '{not json')
    expect(accounts.preferredType(OWNER)).toBe('smartAccount')
    store.setItem('portico.secure.accountTypes', JSON.stringify({ [OWNER.toLowerCase()]: 'payment' }))
    expect(accounts.preferredType(OWNER)).toBe('smartAccount')
  })

  it('has no enabled network, and so no smart account, when the server cannot be reached (SPEC §4)', async () => {
    const accounts = make()
    await expect(accounts.enabledNetworks()).resolves.toEqual([])
    await expect(accounts.sender('eip155:1', OWNER, { signHash: async () => '0x', signTypedData: async () => '0x', sessionHeaders: async () => ({}) })).resolves.toBeUndefined()
    await expect(accounts.sender('solana:x', OWNER, { signHash: async () => '0x', signTypedData: async () => '0x', sessionHeaders: async () => ({}) })).resolves.toBeUndefined()
  })
})
