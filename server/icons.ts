/**
 * Monogram icons: the server ships no third-party logos (their trademarks are not
 * ours to redistribute), so every image is drawn here from an id and a label.
 * Output is a pure function of its input, so the same id always yields the same
 * bytes and ETags stay stable across restarts and replicas.
 */

export interface MonogramParameters {
  /** Seeds the background colour; usually the image id. */
  seed: string
  /** One to five visible characters drawn in the middle. */
  label: string
  /** Accessible name, written to the SVG `<title>`. */
  title: string
}

const SIZE = 96

/**
 * Draws a square SVG with `label` in white on a colour derived from `seed`.
 *
 * @example
 * monogramSvg({ seed: 'metamask', label: 'MM', title: 'MetaMask' })
 * // '<svg xmlns="http://www.w3.org/2000/svg" ...>...</svg>'
 */
export function monogramSvg({ seed, label, title }: MonogramParameters): string {
  const background = colourFor(seed)
  const text = escapeXml(label)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img">` +
    `<title>${escapeXml(title)}</title>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="${background}"/>` +
    `<text x="50%" y="50%" dy=".35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif" ` +
    `font-weight="600" font-size="${fontSizeFor(label)}">${text}</text>` +
    `</svg>`
  )
}

/**
 * Initials for a display name: the first letters of the first two words, or of
 * the first two capitalised parts of a single camel-case word.
 *
 * @example
 * initialsOf('Coinbase Wallet') // 'CW'
 * initialsOf('MetaMask') // 'MM'
 * initialsOf('Rainbow') // 'R'
 */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0)
  const [first, second] = words
  if (first === undefined) return '?'
  if (second !== undefined) return (initial(first) + initial(second)).toUpperCase()
  // Only a capital after a lower-case letter starts a new part, so 'MetaMask'
  // gives 'MM' but 'USDC' or 'OKX' stay one part.
  const parts = first.match(/\p{Lu}?[^\p{Lu}]+|\p{Lu}+(?!\p{Ll})/gu) ?? [first]
  const [a, b] = parts
  return ((a ? initial(a) : initial(first)) + (b ? initial(b) : '')).toUpperCase()
}

function initial(word: string): string {
  return Array.from(word)[0] ?? ''
}

/** 32-bit FNV-1a: tiny, stable across platforms, and spreads similar ids apart. */
export function fnv1a(input: string): number {
  let hash = 0x811c9dc5
  for (const byte of new TextEncoder().encode(input)) {
    hash ^= byte
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/**
 * A background colour whose hue comes from the seed, dark enough that white
 * text on it reaches WCAG AA contrast (4.5:1): yellows and greens look bright
 * at the same lightness as blues, so the lightness is lowered until it does.
 * Returned as hex because some SVG renderers (image previews, older librsvg)
 * do not understand `hsl()`.
 */
export function colourFor(seed: string): string {
  const hash = fnv1a(seed)
  const hue = hash % 360
  const saturation = 0.55 + ((hash >>> 9) % 16) / 100
  let lightness = 0.34 + ((hash >>> 17) % 9) / 100
  let colour = hslToHex(hue, saturation, lightness)
  while (contrastWithWhite(colour) < 4.5 && lightness > 0.05) {
    lightness -= 0.02
    colour = hslToHex(hue, saturation, lightness)
  }
  return colour
}

/** WCAG 2 contrast ratio of white against `hex`. */
export function contrastWithWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 1.05 / (0.2126 * r + 0.7152 * g + 0.0722 * b + 0.05)
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation
  const x = chroma * (1 - Math.abs(((hue / 60) % 2) - 1))
  const m = lightness - chroma / 2
  const [r, g, b] = hue < 60 ? [chroma, x, 0] : hue < 120 ? [x, chroma, 0] : hue < 180 ? [0, chroma, x] : hue < 240 ? [0, x, chroma] : hue < 300 ? [x, 0, chroma] : [chroma, 0, x]
  const channel = (value: number) =>
    Math.round((value + m) * 255)
      .toString(16)
      .padStart(2, '0')
  return `#${channel(r)}${channel(g)}${channel(b)}`
}

function fontSizeFor(label: string): number {
  const length = Array.from(label).length
  if (length <= 1) return 44
  if (length === 2) return 38
  if (length === 3) return 30
  if (length === 4) return 24
  return 20
}

function escapeXml(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;')
}
