/** The values a message's `{name}` placeholders take. */
export type TemplateValues = { readonly [name: string]: string | number }

/**
 * Fills `{name}` placeholders. A placeholder without a value stays as it is, so a
 * missing value is visible rather than silently empty. The errors table and the UI's
 * catalogue share it, so the English a dapp catches and the text a visitor sees are
 * filled the same way.
 *
 * @example
 * fillTemplate('Continue in {name}', { name: 'MetaMask' }) // 'Continue in MetaMask'
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match))
}
