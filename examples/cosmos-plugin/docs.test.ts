import { readFileSync } from 'node:fs'
import path from 'node:path'

// docs/plugins.md shows the example's factory whole; the guide must not drift from the code.
it('docs/plugins.md embeds examples/cosmos-plugin/src/plugin.ts verbatim', () => {
  const plugin = readFileSync(path.join(__dirname, 'src/plugin.ts'), 'utf8')
  const guide = readFileSync(path.join(__dirname, '../../docs/plugins.md'), 'utf8')
  expect(guide).toContain(`\`\`\`ts\n${plugin}\`\`\``)
})
