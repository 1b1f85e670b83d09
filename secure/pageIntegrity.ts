/**
 * What lets an operator or an auditor check which code the secure page runs (issue 32,
 * docs/security.md "Checking the secure page"): Subresource Integrity on every file
 * index.html loads, so the browser runs only the bytes the page names, and one hash of
 * index.html, which therefore pins the whole page. The build writes both into
 * `integrity.json`; `secure/verifyDeployment.ts` rebuilds the page from source with a
 * deployment's own config.js and compares.
 */
import { createHash } from 'node:crypto'

/** The files index.html loads, in the order it loads them. */
export const PAGE_FILES = ['styles.css', 'config.js', 'main.js'] as const
export type PageFile = (typeof PAGE_FILES)[number]

/** What `integrity.json` holds. */
export type PageIntegrity = {
  /** sha256 of index.html, hex: with SRI on every file it loads, this one value pins the page. */
  page: string
  /** The SRI value (`sha384-…`) of each file index.html loads. */
  files: Record<PageFile, string>
}

/**
 * The Subresource Integrity value of `bytes` (sha384, the hash SRI examples and browsers favour).
 *
 * @example
 * sri(Buffer.from('alert(1)')) // 'sha384-…'
 */
export const sri = (bytes: Uint8Array | string): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`

/** The page's hash: sha256 of index.html, hex. */
export const pageHash = (html: Uint8Array | string): string => createHash('sha256').update(html).digest('hex')

/**
 * index.html with an `integrity` attribute on the tag that loads each file.
 * Throws when the template lacks a tag for one of them: a file loaded without SRI is
 * the hole this exists to close.
 */
export function withIntegrity(template: string, files: Record<PageFile, string>): string {
  let html = template
  for (const file of PAGE_FILES) {
    const tag = new RegExp(`(<(?:script|link)\\b[^>]*\\b(?:src|href)="${file.replace('.', '\\.')}")`)
    if (!tag.test(html)) throw new Error(`index.html does not load ${file}`)
    html = html.replace(tag, `$1 integrity="${files[file]}"`)
  }
  return html
}
