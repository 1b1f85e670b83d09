// The config-dependent part of the secure page (secure/build.ts bundles the rest):
// config.js, index.html with its CSP and each file's Subresource Integrity value, and
// integrity.json. Apart from the bundling so that a prebuilt page (the `portico-dev`
// package, dev/stackAssets.ts) is completed for its run without esbuild.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { securePageCsp, type SecureConfig } from './config'
import { PAGE_FILES, pageHash, sri, withIntegrity, type PageFile, type PageIntegrity } from './pageIntegrity'

/**
 * Completes a bundled page in `outdir` for `config`: config.js, then index.html from
 * `template` with the CSP and each file's SRI value, and integrity.json.
 */
export async function finishSecurePage(outdir: string, config: SecureConfig, template: string): Promise<{ csp: string; integrity: PageIntegrity }> {
  const csp = securePageCsp(config)
  await writeFile(path.join(outdir, 'config.js'), configScript(config))
  const contents = await Promise.all(PAGE_FILES.map((file) => readFile(path.join(outdir, file))))
  const files = Object.fromEntries(PAGE_FILES.map((file, index) => [file, sri(contents[index]!)])) as Record<PageFile, string>
  const html = withIntegrity(template.replace('%CSP%', csp.replace(/"/g, '&quot;')), files)
  const integrity: PageIntegrity = { page: pageHash(html), files }
  await Promise.all([writeFile(path.join(outdir, 'index.html'), html), writeFile(path.join(outdir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`)])
  return { csp, integrity }
}

/** The config.js a server writes when it serves a prebuilt page with other URLs. */
export function configScript(config: SecureConfig): string {
  return `globalThis.PORTICO_SECURE_CONFIG = ${JSON.stringify(config).replace(/</g, '\\u003c')}\n`
}
