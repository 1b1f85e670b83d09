import { createTtlCache } from './createTtlCache'

function clock(start = 1_000_000) {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

describe('createTtlCache', () => {
  test('returns a stored value until its time-to-live has passed', () => {
    const time = clock()
    const cache = createTtlCache({ now: time.now })
    cache.set('k', 42, 1000)
    time.advance(999)
    expect(cache.get('k')).toBe(42)
    time.advance(1)
    expect(cache.get('k')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  test('getOrLoad loads on a miss, serves a hit, and loads again after expiry', async () => {
    const time = clock()
    const cache = createTtlCache({ now: time.now })
    let calls = 0
    const load = jest.fn(async () => ({ n: ++calls }))
    await expect(cache.getOrLoad('k', 30_000, load)).resolves.toEqual({ n: 1 })
    time.advance(29_999)
    await expect(cache.getOrLoad('k', 30_000, load)).resolves.toEqual({ n: 1 })
    time.advance(1)
    await expect(cache.getOrLoad('k', 30_000, load)).resolves.toEqual({ n: 2 })
    expect(load).toHaveBeenCalledTimes(2)
  })

  test('force loads even when fresh, and stores the new value', async () => {
    const cache = createTtlCache({ now: clock().now })
    let n = 0
    const load = async () => ++n
    await cache.getOrLoad('k', 1000, load)
    await expect(cache.getOrLoad('k', 1000, load, { force: true })).resolves.toBe(2)
    await expect(cache.getOrLoad('k', 1000, load)).resolves.toBe(2)
  })

  test('a failed load is not cached', async () => {
    const cache = createTtlCache({ now: clock().now })
    await expect(cache.getOrLoad('k', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    await expect(cache.getOrLoad('k', 1000, async () => 'up')).resolves.toBe('up')
  })

  test('drops the oldest entries beyond maxEntries', () => {
    const cache = createTtlCache({ now: clock().now, maxEntries: 2 })
    cache.set('a', 1, 1000)
    cache.set('b', 2, 1000)
    cache.set('c', 3, 1000)
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 2, 3])
  })

  test('clear and delete remove entries', () => {
    const cache = createTtlCache({ now: clock().now })
    cache.set('a', 1, 1000)
    cache.set('b', 2, 1000)
    cache.delete('a')
    expect(cache.get('a')).toBeUndefined()
    cache.clear()
    expect(cache.size).toBe(0)
  })
})
