import fc from 'fast-check'
import { colourFor, contrastWithWhite, initialsOf, monogramSvg } from './icons'

describe('monogramSvg', () => {
  it('draws the same bytes for the same input', () => {
    const input = { seed: 'metamask', label: 'MM', title: 'MetaMask' }
    expect(monogramSvg(input)).toBe(monogramSvg({ ...input }))
  })

  it('draws the label on a background derived from the seed', () => {
    const svg = monogramSvg({ seed: 'rainbow', label: 'R', title: 'Rainbow' })
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true)
    expect(svg).toContain(`fill="${colourFor('rainbow')}"`)
    expect(svg).toContain('>R</text>')
    expect(svg).toContain('<title>Rainbow</title>')
  })

  it('escapes markup in the label and title', () => {
    const svg = monogramSvg({ seed: 'x', label: '<&>', title: '"a" & <b>' })
    expect(svg).toContain('>&lt;&amp;&gt;</text>')
    expect(svg).toContain('<title>&quot;a&quot; &amp; &lt;b&gt;</title>')
    expect(svg).not.toContain('<b>')
  })
})

describe('colourFor', () => {
  it('gives a hex colour on which white text reaches WCAG AA contrast', () => {
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const colour = colourFor(seed)
        return /^#[0-9a-f]{6}$/.test(colour) && contrastWithWhite(colour) >= 4.5
      }),
      { numRuns: 2000 },
    )
  })

  it('spreads different seeds over different colours', () => {
    const seeds = ['metamask', 'trust', 'phantom', 'rainbow', 'zerion', 'rabby', 'okx', 'safe', 'argent', 'imtoken']
    expect(new Set(seeds.map(colourFor)).size).toBeGreaterThanOrEqual(9)
  })
})

describe('initialsOf', () => {
  it.each([
    ['Coinbase Wallet', 'CW'],
    ['MetaMask', 'MM'],
    ['TokenPocket', 'TP'],
    ['imToken', 'IT'],
    ['Rainbow', 'R'],
    ['OKX Wallet', 'OW'],
    ['Safe{Wallet}', 'SW'],
    ['1inch Wallet', '1W'],
    ['', '?'],
  ])('%j gives %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })
})

describe('contrastWithWhite', () => {
  it('is 21 for black and 1 for white', () => {
    expect(contrastWithWhite('#000000')).toBeCloseTo(21)
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1)
  })
})
