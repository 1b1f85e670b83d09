import type { CallOptions, WalletListingContext } from './context'

/** The four image kinds of SPEC §7, each served as a blob. */
export const imagePaths = {
  wallet: '/getWalletImage',
  asset: '/public/getAssetImage',
  currency: '/public/getCurrencyImage',
  token: '/public/getTokenImage',
} as const

export type ImageKind = keyof typeof imagePaths

export type GetImageParameters = CallOptions & {
  kind: ImageKind
  /** Image id, e.g. a listing's `image_id` or a network's `assets.imageId`. */
  id: string
}
export type GetImageReturnType = Blob

/**
 * An image as a Blob (GET /getWalletImage/{id}, /public/getAssetImage/{id},
 * /public/getCurrencyImage/{id}, /public/getTokenImage/{id}); show it with
 * `URL.createObjectURL`.
 *
 * @example
 * const blob = await listing.getWalletImage(wallet.image_id)
 * img.src = URL.createObjectURL(blob)
 */
export function getImage(context: WalletListingContext, { kind, id, signal, timeoutMs }: GetImageParameters): Promise<GetImageReturnType> {
  return context.http.getBlob({ path: imagePath(kind, id), signal, timeoutMs })
}

export type GetImageUrlParameters = { kind: ImageKind; id: string }
export type GetImageUrlReturnType = string

/**
 * The URL of an image, query parameters included, for an `<img src>` or `preloadImage`.
 *
 * @example
 * const src = listing.getImageUrl({ kind: 'wallet', id: wallet.image_id })
 */
export function getImageUrl(context: WalletListingContext, { kind, id }: GetImageUrlParameters): GetImageUrlReturnType {
  return context.http.createUrl({ path: imagePath(kind, id) })
}

function imagePath(kind: ImageKind, id: string): string {
  return `${imagePaths[kind]}/${encodeURIComponent(id)}`
}
