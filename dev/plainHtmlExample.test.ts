import { createHash } from 'node:crypto'
import { inlineScriptHashes } from './plainHtmlExample'

describe('inlineScriptHashes', () => {
  it('hashes each inline script body as a CSP source, and skips scripts loaded by src', () => {
    const body = "\n      import { a } from './a.js'\n    "
    const html = `<script src="./x.js"></script><script type="module">${body}</script><script>1</script>`
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
    expect(inlineScriptHashes(html)).toEqual([sha(body), sha('1')])
  })
})
