import { SDK_TYPE, SDK_VERSION } from '../../config/defaults'

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

const paths: Record<ImageKind, string> = {
  wallet: '/getWalletImage',
  asset: '/public/getAssetImage',
  currency: '/public/getCurrencyImage',
  token: '/public/getTokenImage',
}

/**
 * The `<img src>` of a wallet-listing image (SPEC §7: the image paths carry projectId,
 * st and sv). A URL is data, not a call: the browser fetches it under the page's CSP.
 * Undefined without a project id, as the service would refuse it.
 *
 * @example
 * imageUrl({ base: 'http://127.0.0.1:8787', kind: 'wallet', id: 'metamask', projectId: 'p' })
 * // 'http://127.0.0.1:8787/getWalletImage/metamask?projectId=p&st=portico&sv=0.1.0'
 */
export function imageUrl({ base, kind, id, projectId }: { base: string; kind: ImageKind; id: string; projectId: string | undefined }): string | undefined {
  if (!projectId || !id) return undefined
  const url = new URL(`${base.replace(/\/$/, '')}${paths[kind]}/${encodeURIComponent(id)}`)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('st', SDK_TYPE)
  url.searchParams.set('sv', SDK_VERSION)
  return url.toString()
}
