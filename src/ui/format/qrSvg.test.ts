import { qrSvg } from './qrSvg'

describe('qrSvg', () => {
  it('turns a pairing URI into an SVG QR code', async () => {
    const svg = await qrSvg(`wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1700000000`)
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain('<path')
    expect(svg).toContain('fill="#ffffff"')
  })
})
