import { createMemoryStore, createSessionStore } from './session'

describe('session store (the frame’s own storage)', () => {
  const now = Date.parse('2030-01-01T00:00:00Z')
  const make = (store = createMemoryStore()) => ({ store, sessions: createSessionStore({ projectId: 'shop', store, randomUUID: () => crypto.randomUUID(), now: () => now }) })

  it('keeps a live session and drops an expired or malformed one', () => {
    const { store, sessions } = make()
    sessions.save({ token: 'pts_abc', expiresAt: '2030-01-02T00:00:00Z' })
    expect(sessions.load()).toEqual({ token: 'pts_abc', expiresAt: '2030-01-02T00:00:00Z' })
    sessions.save({ token: 'pts_abc', expiresAt: '2029-12-31T00:00:00Z' })
    expect(sessions.load()).toBeUndefined()
    expect(store.getItem('portico.secure.session/shop')).toBeNull()
    store.setItem('portico.secure.session/shop', '{"token":"has space","expiresAt":"2031-01-01T00:00:00Z"}')
    expect(sessions.load()).toBeUndefined()
    store.setItem('portico.secure.session/shop', 'not json')
    expect(sessions.load()).toBeUndefined()
  })

  it('keeps one session per project in one storage: a project clears only its own, and all share the device id', () => {
    const store = createMemoryStore()
    const shop = createSessionStore({ projectId: 'shop', store, randomUUID: () => crypto.randomUUID(), now: () => now })
    const quiet = createSessionStore({ projectId: 'quiet', store, randomUUID: () => crypto.randomUUID(), now: () => now })
    shop.save({ token: 'pts_shop', expiresAt: '2030-01-02T00:00:00Z' })
    expect(quiet.load()).toBeUndefined()
    quiet.save({ token: 'pts_quiet', expiresAt: '2030-01-02T00:00:00Z' })
    quiet.clear()
    expect(quiet.load()).toBeUndefined()
    expect(shop.load()).toEqual({ token: 'pts_shop', expiresAt: '2030-01-02T00:00:00Z' })
    expect(store.getItem('portico.secure.session/shop')).toContain('pts_shop')
    expect(quiet.deviceId()).toBe(shop.deviceId())
  })

  it('keeps one device id', () => {
    const { sessions } = make()
    const id = sessions.deviceId()
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(sessions.deviceId()).toBe(id)
  })

  it('works when storage throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => {
        throw new Error('denied')
      },
      removeItem: () => {
        throw new Error('denied')
      },
    }
    const { sessions } = make(throwing)
    expect(() => sessions.save({ token: 't', expiresAt: '2031-01-01T00:00:00Z' })).not.toThrow()
    expect(sessions.load()).toBeUndefined()
    expect(sessions.deviceId()).toMatch(/^[0-9a-f-]{36}$/)
  })
})
