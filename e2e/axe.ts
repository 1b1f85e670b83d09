import { readFile } from 'node:fs/promises'
import type { Frame, Page } from 'playwright-core'

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

let axeSource: Promise<string> | undefined

/**
 * Runs axe-core in the page on `selector` and returns the serious and critical
 * violations. axe is injected through Playwright (not a <script> tag), so the page's
 * strict CSP stays as it is; it is injected once per page. A frame (the secure page in
 * its iframe) is checked the same way.
 */
export async function seriousA11yViolations(page: Page | Frame, selector = 'body'): Promise<string[]> {
  return a11yViolations(page, selector, ['serious', 'critical'])
}

/** Every axe violation on `selector`, minor and moderate ones too (the demo page's own markup). */
export const allA11yViolations = (page: Page | Frame, selector = 'body'): Promise<string[]> => a11yViolations(page, selector, ['minor', 'moderate', 'serious', 'critical'])

async function a11yViolations(page: Page | Frame, selector: string, impacts: readonly string[]): Promise<string[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8')
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(await axeSource)
  const violations = (await page.evaluate(async (context) => {
    const axe = (globalThis as unknown as { axe: { run: (c: string) => Promise<{ violations: AxeViolation[] }> } }).axe
    return (await axe.run(context)).violations
  }, selector)) as AxeViolation[]
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact)).map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}
