import { imageUrl } from './imageUrl'

describe('imageUrl', () => {
  it('re-encodes an inline SVG whose raw # would end the URL', () => {
    const raw = "data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg'><rect fill='%233b82f6'/><text>#1</text></svg>"
    const fixed = imageUrl(raw)!
    expect(fixed.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
    expect(fixed).not.toContain('#')
    expect(decodeURIComponent(fixed.slice(fixed.indexOf(',') + 1))).toBe("<svg xmlns='http://www.w3.org/2000/svg'><rect fill='#3b82f6'/><text>#1</text></svg>")
  })

  it('leaves other URLs alone', () => {
    expect(imageUrl('https://example.com/a.png#x')).toBe('https://example.com/a.png#x')
    expect(imageUrl('data:image/svg+xml;base64,PHN2Zy8+')).toBe('data:image/svg+xml;base64,PHN2Zy8+')
    expect(imageUrl(undefined)).toBeUndefined()
  })
})
