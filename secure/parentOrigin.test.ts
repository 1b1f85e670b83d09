import { detectParentOrigin } from './parentOrigin'

describe('detectParentOrigin', () => {
  it("prefers the browser's ancestorOrigins", () => {
    expect(detectParentOrigin({ ancestorOrigins: ['https://shop.example', 'https://top.example'], referrer: 'https://other.example/' })).toBe('https://shop.example')
  })

  it('falls back to the referrer (the iframe is created with referrerpolicy="origin")', () => {
    expect(detectParentOrigin({ ancestorOrigins: [], referrer: 'https://shop.example/' })).toBe('https://shop.example')
    expect(detectParentOrigin({ referrer: 'http://localhost:5173/checkout?x=1' })).toBe('http://localhost:5173')
  })

  it('knows nothing without either, or from an opaque or non-http origin', () => {
    expect(detectParentOrigin({ referrer: '' })).toBeUndefined()
    expect(detectParentOrigin({ ancestorOrigins: ['null'], referrer: '' })).toBeUndefined()
    expect(detectParentOrigin({ ancestorOrigins: ['chrome-extension://abcdef'], referrer: '' })).toBeUndefined()
  })

  it('a sandboxed (opaque, null) parent is never taken for the site its referrer names', () => {
    expect(detectParentOrigin({ ancestorOrigins: ['null'], referrer: 'https://shop.example/' })).toBeUndefined()
    expect(detectParentOrigin({ referrer: 'file:///tmp/x.html' })).toBeUndefined()
    expect(detectParentOrigin({ referrer: 'not a url' })).toBeUndefined()
  })
})
