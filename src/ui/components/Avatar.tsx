import { useState } from 'react'
import { usePorticoSelector } from '../../react/hooks'
import { imageUrl, type ImageKind } from '../format/imageUrl'

export type AvatarProps = {
  name: string
  /** A direct image URL (a connector's icon, a token's icon) wins over `imageId`. */
  src?: string | undefined
  /** An id of the wallet-listing image service. */
  imageId?: string | undefined
  kind?: ImageKind
  size?: 'sm' | 'md' | 'lg'
  round?: boolean
}

/**
 * A wallet, network or token picture, with the name's first letter while there is no
 * picture or when it fails to load. Decorative: the name is always shown beside it.
 */
export function Avatar({ name, src, imageId, kind = 'wallet', size = 'md', round = false }: AvatarProps) {
  const base = usePorticoSelector((s) => s.options.endpoints.walletListing)
  const projectId = usePorticoSelector((s) => s.options.projectId)
  // A listed wallet's picture waits for its preload (SPEC §9, 2 s): the letter shows
  // until it has loaded, and stays when it failed or timed out.
  const preload = usePorticoSelector((s) => (kind === 'wallet' && imageId && !src ? s.wallets.images[imageId] : undefined))
  const url = src ?? (imageId && (preload === undefined || preload === 'loaded') ? imageUrl({ base, kind, id: imageId, projectId }) : undefined)
  const [failed, setFailed] = useState<string | undefined>(undefined)
  const className = ['portico-avatar', `portico-avatar-${size}`, round ? 'portico-avatar-round' : ''].filter(Boolean).join(' ')
  return (
    <span className={className} aria-hidden="true">
      {url && failed !== url ? <img src={url} alt="" onError={() => setFailed(url)} /> : (name.trim()[0] ?? '?').toUpperCase()}
    </span>
  )
}

/** A colour avatar derived from an address, for accounts without a profile image. */
export function AccountAvatar({ address, image }: { address: string | undefined; image?: string | undefined }) {
  const hue = hashHue(address ?? '')
  return (
    <span
      className="portico-avatar portico-avatar-xl portico-avatar-round"
      aria-hidden="true"
      style={image ? undefined : { background: `linear-gradient(135deg, hsl(${hue} 70% 60%), hsl(${(hue + 60) % 360} 70% 45%))` }}
    >
      {image ? <img src={image} alt="" /> : null}
    </span>
  )
}

function hashHue(text: string): number {
  let hash = 0
  for (const char of text.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return hash % 360
}
