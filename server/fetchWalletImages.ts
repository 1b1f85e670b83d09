/**
 * Downloads the wallet images of an Explorer-format listing once, into `images/` beside
 * it, where the server serves them from (walletExplorerListing.ts). Run by the operator
 * when the listing changes, never by the server:
 *
 *   npx tsx server/fetchWalletImages.ts /etc/portico/wallets/listings.json [--size md] [--project-id <id>]
 *
 * Each wallet's `image_url[size]` (then the other sizes) is fetched, checked to be an
 * SVG, PNG, WebP or JPEG of at most MAX_WALLET_IMAGE_BYTES, and written as
 * `<image_id>.<ext>`. Images already there are kept. `--project-id` is appended as
 * `projectId=` (the WalletConnect logo endpoint wants one).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { IMAGE_TYPES, MAX_WALLET_IMAGE_BYTES, explorerRecords, looksLike, walletImagesDir } from './walletExplorerListing'

export type ImageSize = 'sm' | 'md' | 'lg'

export interface FetchWalletImagesOptions {
  listingFile: string
  /** Preferred size. Default md. */
  size?: ImageSize
  projectId?: string
  /** Downloads at once. Default 4. */
  concurrency?: number
  timeoutMs?: number
}

export interface FetchWalletImagesResult {
  written: string[]
  kept: number
  /** image_id → why it has no file (the server draws its monogram). */
  failed: Record<string, string>
}

const SIZES: readonly ImageSize[] = ['sm', 'md', 'lg']

/**
 * @example
 * const { written, failed } = await fetchWalletImages({ listingFile: 'wallets/listings.json', projectId: 'abc' })
 */
export async function fetchWalletImages(options: FetchWalletImagesOptions): Promise<FetchWalletImagesResult> {
  const { listingFile, size = 'md', projectId, concurrency = 4, timeoutMs = 10_000 } = options
  const data = JSON.parse(readFileSync(listingFile, 'utf8')) as { listings: Record<string, { image_id?: string | null; image_url?: Partial<Record<ImageSize, string | null>> | null }> }
  // Checks the whole listing first: the same rules as the server's, so nothing is fetched for a file it would refuse.
  const { records } = explorerRecords(data)
  const dir = walletImagesDir(listingFile)
  mkdirSync(dir, { recursive: true })
  const result: FetchWalletImagesResult = { written: [], kept: 0, failed: {} }
  const extensions = Object.keys(IMAGE_TYPES)

  const jobs = records.flatMap((record) => {
    if (extensions.some((extension) => existsSync(join(dir, `${record.image_id}.${extension}`)))) {
      result.kept += 1
      return []
    }
    const urls = data.listings[record.id]?.image_url ?? {}
    const ordered = [size, ...SIZES.filter((other) => other !== size)].map((wanted) => urls[wanted]).filter((url): url is string => typeof url === 'string' && url !== '')
    return ordered.length === 0 ? ((result.failed[record.image_id] = 'no image_url'), []) : [{ imageId: record.image_id, url: ordered[0]! }]
  })

  const download = async ({ imageId, url }: { imageId: string; url: string }) => {
    const target = new URL(url)
    if (projectId) target.searchParams.set('projectId', projectId)
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const body = Buffer.from(await response.arrayBuffer())
      if (body.length > MAX_WALLET_IMAGE_BYTES) throw new Error(`larger than ${MAX_WALLET_IMAGE_BYTES} bytes`)
      // The bytes decide the type; a server's Content-Type is often generic.
      const extension = extensions.find((candidate) => looksLike(IMAGE_TYPES[candidate]!, body))
      if (extension === undefined) throw new Error('not an SVG, PNG, WebP or JPEG image')
      const file = join(dir, `${imageId}.${extension}`)
      writeFileSync(file, body)
      result.written.push(file)
    } catch (error) {
      result.failed[imageId] = error instanceof Error ? error.message : String(error)
    }
  }
  for (let start = 0; start < jobs.length; start += concurrency) await Promise.all(jobs.slice(start, start + concurrency).map(download))
  return result
}

function parseArguments(argv: readonly string[]): FetchWalletImagesOptions {
  const [listingFile, ...rest] = argv
  if (!listingFile || listingFile.startsWith('--')) throw new Error('usage: fetchWalletImages.ts <listings.json> [--size sm|md|lg] [--project-id <id>]')
  const options: FetchWalletImagesOptions = { listingFile }
  for (let i = 0; i < rest.length; i += 2) {
    const [flag, value] = [rest[i], rest[i + 1]]
    if (flag === '--size' && (value === 'sm' || value === 'md' || value === 'lg')) options.size = value
    else if (flag === '--project-id' && value) options.projectId = value
    else throw new Error(`unknown or incomplete option '${flag ?? ''}' (--size sm|md|lg, --project-id <id>)`)
  }
  return options
}

if (require.main === module) {
  Promise.resolve(process.argv.slice(2))
    .then((argv) => fetchWalletImages(parseArguments(argv)))
    .then(
      ({ written, kept, failed }) => {
        console.log(`wallet images: ${written.length} written, ${kept} already there, ${Object.keys(failed).length} without an image (drawn as monograms)`)
        for (const [imageId, reason] of Object.entries(failed)) console.log(`  ${imageId}: ${reason}`)
      },
      (error: unknown) => {
        console.error(`wallet images: ${error instanceof Error ? error.message : String(error)}`)
        process.exit(1)
      },
    )
}
