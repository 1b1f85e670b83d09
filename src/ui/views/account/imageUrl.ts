/**
 * An NFT or token image URL the browser can show. On-chain NFTs often inline their
 * SVG as `data:image/svg+xml;utf8,<svg …>` without percent-encoding it, and a raw `#`
 * (a colour, a "#1" label) then ends the URL as a fragment: the image breaks. Such a
 * URL is re-encoded; every other URL is returned as it is.
 *
 * @example
 * imageUrl("data:image/svg+xml;utf8,<svg><text>#1</text></svg>") // 'data:image/svg+xml;charset=utf-8,%3Csvg%3E…%231…'
 */
export function imageUrl(url: string | undefined): string | undefined {
  if (!url) return url
  const header = /^data:image\/svg\+xml(;[^,;]*)*,/i.exec(url)
  if (!header || /;base64/i.test(header[0])) return url
  const payload = url.slice(header[0].length)
  let svg: string
  try {
    svg = decodeURIComponent(payload)
  } catch {
    svg = payload
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
