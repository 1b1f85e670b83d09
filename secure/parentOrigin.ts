/**
 * Which origin embeds the secure page. The page must know it BEFORE it says anything:
 * its ready event goes to that exact origin (never '*'), and only once the origin is
 * on the project's allow list.
 *
 * - `location.ancestorOrigins[0]` (Chromium, Safari) is the parent's origin, set by the
 *   browser.
 * - Otherwise `document.referrer`: the app creates the iframe with
 *   `referrerpolicy="origin"`, so the browser sends the parent's origin whatever the
 *   dapp's own policy. A page cannot make the browser send another origin's referrer.
 *
 * Every message is then also checked: `event.source === window.parent` and
 * `event.origin` equal to this origin.
 */
export function detectParentOrigin({ ancestorOrigins, referrer }: { ancestorOrigins?: ArrayLike<string> | undefined; referrer: string }): string | undefined {
  const ancestor = ancestorOrigins !== undefined && ancestorOrigins.length > 0 ? ancestorOrigins[0] : undefined
  // When the browser names the parent, it is the answer: 'null' (a sandboxed parent, an
  // opaque origin) is on no allow list, and its referrer would name the site it was
  // loaded from, which is not who is talking to us.
  if (ancestor !== undefined) return ancestor === 'null' ? undefined : originOf(ancestor)
  return referrer === '' ? undefined : originOf(referrer)
}

function originOf(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return url.origin
  } catch {
    return undefined
  }
}
