import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { existsSync, readdirSync } from 'node:fs'

// The layer rules of DESIGN.md ("Who may import whom"), enforced for library code; tests
// and test harnesses (*.test.*, test/ folders) may wire layers together. Each layer
// lists what it MAY import: every other folder or root module of src/ is refused (so a
// new folder starts refused), and so is anything outside src/ (dev/, server/ ...).
// `typesOnly` modules may be imported with `import type` only. See docs/architecture.md.
//
// Relative specifiers are matched exactly, depth by depth: from src/store/slices/x.ts,
// '../../sagas' is src/sagas, while '../siwx' is the store's own slices/siwx.
const srcModules = readdirSync(new URL('./src', import.meta.url))
  .filter((name) => !name.startsWith('_') && !/\.test\.tsx?$/.test(name))
  .map((name) => name.replace(/\.tsx?$/, ''))
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.test-d.ts', '**/test/**']
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const layerRule = 'Layers (DESIGN.md "Who may import whom")'
const noPostMessageToAny = {
  selector: "CallExpression[callee.property.name='postMessage'][arguments.1.value='*']",
  message: "Never postMessage to '*': name the target origin.",
}

const noHandWrittenSliceAction = {
  // esquery regex literals cannot hold '/', even escaped: \x2F is the slash of 'slice/action'.
  selector: "CallExpression[callee.property.name='dispatch'] > ObjectExpression > Property[key.name='type'] > Literal[value=/\\x2F/]",
  message: "Dispatch the slice's action creator (e.g. connectorsActions.connectRequested(payload)), not a hand-written { type: 'slice/action' }.",
}

/**
 * The import rules for `patterns` (each a `regex` on the specifier): static imports and
 * re-exports through no-restricted-imports, and `import('...')` through
 * no-restricted-syntax, which no-restricted-imports does not see. A dynamic import loads
 * code, so it is refused even where `allowTypeImports` lets a type import through.
 */
function importRules(patterns) {
  // esquery regex literals cannot hold '/', even escaped: write it as \x2F.
  const dynamic = patterns.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`, message }))
  return {
    '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
    'no-restricted-syntax': ['error', noPostMessageToAny, ...dynamic],
  }
}

/**
 * Config blocks for the src/ module `name` (a folder, or a root file such as
 * createServices.ts): `allow` and `typesOnly` are other src/ modules.
 */
function layer(name, { allow, typesOnly = [], why }) {
  const rootFile = existsSync(new URL(`./src/${name}.ts`, import.meta.url))
  // src/index has its own pattern below (with src itself), so it is not listed here.
  const refused = srcModules.filter((m) => m !== name && m !== 'index' && !allow.includes(m) && !typesOnly.includes(m))
  const unknown = [...allow, ...typesOnly].filter((m) => !srcModules.includes(m))
  if (unknown.length > 0) throw new Error(`eslint.config.mjs: src/${name} allows unknown modules ${unknown.join(', ')}`)
  const message = `${layerRule}: src/${name} may import ${[...allow, ...typesOnly.map((m) => `${m} (types)`)].join(', ')} and its own code. ${why}`
  return (rootFile ? [0] : [1, 2, 3, 4, 5, 6]).map((depth) => {
    // How a specifier reaches src/ from this depth: './' from a root file, '../' per folder level.
    const up = depth === 0 ? '\\./' : `(?:\\.\\./){${depth}}`
    // src itself or its index ('.', '..', '../..', ...), or further up: out of the library.
    const self = depth === 0 ? '\\.' : `(?:\\.\\./){${depth - 1}}\\.\\.`
    const patterns = [
      { regex: `^${up}(?:${refused.map(escape).join('|')})(?:[./]|$)`, message },
      { regex: `^${self}(?:/(?:index)?)?$|^(?:\\.\\./){${depth}}\\.\\.(?:/|$)`, message: `${layerRule}: src/ code never imports src/index or anything outside src/.` },
    ]
    if (allow.includes('shared')) patterns.push({ regex: `^${up}shared/(?:${sharedForSecureAndServer.join('|')})$`, message: sharedForSecureAndServerMessage })
    if (typesOnly.length > 0) patterns.push({ regex: `^${up}(?:${typesOnly.map(escape).join('|')})(?:[./]|$)`, message, allowTypeImports: true })
    return {
      files: [rootFile ? `src/${name}.ts` : `src/${name}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      ignores: testFiles,
      rules: importRules(patterns),
    }
  })
}

/**
 * Blocks for a folder beside src/ (`secure/`, `server/`) that may import only `allowed`
 * paths of the repository (repo-relative, a trailing '/' for a folder), besides its own
 * code and packages.
 */
function outside(folder, { allowed, why }) {
  const roots = ['src', 'dev', 'demo', 'e2e', 'bench', 'docs', 'scripts', 'server', 'secure'].filter((r) => r !== folder)
  const allowedRe = allowed.map((a) => (a.endsWith('/') ? `${escape(a)}` : `${escape(a)}(?:\\.tsx?)?$`)).join('|')
  return {
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: testFiles,
    rules: importRules([
      {
        regex: `^(?:\\.\\./)+(?!${allowedRe || '$^'})(?:${roots.join('|')})(?:/|$)`,
        message: `${layerRule}: ${folder}/ may import only ${allowed.join(', ')} (and its own code). ${why}`,
      },
    ]),
  }
}

// secure/ → the frame protocol (message types, RPC shapes, schemas) and src/shared only.
const secureAllowed = ['src/frame/protocol', 'src/frame/rpc', 'src/frame/schemas/', 'src/shared/']
const secureWhy = 'The secure page runs on its own origin and holds keys: it shares the wire protocol with the modal, nothing else.'
// src/shared/ may import these packages (@solana/kit's own), and only in the modules below,
// which the library never imports: @solana/kit is an optional peer an EVM-only dapp lacks.
const sharedPackages = ['@solana/transactions', '@solana/transaction-messages']
const sharedForSecureAndServer = ['solanaTransaction']
const sharedForSecureAndServerMessage = `${layerRule}: src/shared/${sharedForSecureAndServer.join(', ')} is for secure/ and server/: it needs @solana/kit, which an EVM-only dapp does not install.`
// server/ → its own code and src/shared (the code both sides share).
const serverAllowed = ['src/shared/']
const serverWhy = 'The reference server never imports the modal or the dev stack; wire types live in src/shared/.'

/**
 * No English sentence is built into an error outside the message tables: an error's
 * sentence comes from src/errors/messages.ts by key (`{ key, params }`), so the visitor
 * sees it in their language. Refused: text (a string or template literal) as the first
 * argument of `new SomethingError(...)` or of `super(...)` in a class extending one, or as
 * a `message` property of an object passed to either. Text in `details` and
 * `metaMessages` is for developers and passes. The errors that were already so are
 * listed in eslint-suppressions.json; moving one to a key shrinks that list
 * (`npx eslint --prune-suppressions src`).
 */
const noInlineErrorText = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { inline: "An error's sentence comes from the message tables (src/errors/messages.ts): throw with { key, params }, not text." },
  },
  create(context) {
    const isText = (node) => (node?.type === 'Literal' && typeof node.value === 'string') || node?.type === 'TemplateLiteral'
    const isErrorName = (node) => node?.type === 'Identifier' && /Error$/.test(node.name)
    const check = (args) => {
      if (isText(args[0])) context.report({ node: args[0], messageId: 'inline' })
      for (const arg of args) {
        if (arg?.type !== 'ObjectExpression') continue
        for (const property of arg.properties) {
          const named = property.type === 'Property' && !property.computed && (property.key.name === 'message' || property.key.value === 'message')
          if (named && isText(property.value)) context.report({ node: property.value, messageId: 'inline' })
        }
      }
    }
    return {
      NewExpression(node) {
        if (isErrorName(node.callee)) check(node.arguments)
      },
      'CallExpression[callee.type="Super"]'(node) {
        const owner = context.sourceCode.getAncestors(node).findLast((n) => n.type === 'ClassDeclaration' || n.type === 'ClassExpression')
        if (isErrorName(owner?.superClass)) check(node.arguments)
      },
    }
  },
}

export default tseslint.config(
  // What .gitignore leaves out (ESLint does not read it): build output, data, and .scratch/
  // (local scratch work, git worktrees with configs of their own).
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'bench/anchors/**', 'test-artifacts/**', '**/*.generated.js', 'demo/dist/**', 'server/dist/**', 'kit/dist/**', '.data/**', '.scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', noPostMessageToAny],
    },
  },
  // The library never imports the stack around it (the layer blocks below say the same for their folders).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: importRules([
      {
        regex: '^(?:\\.\\./)+(?:dev|demo|e2e|bench|server|secure|scripts|docs)(?:/|$)',
        message: `${layerRule}: src/ is the library a dapp bundles; it never imports dev/, demo/, server/, secure/ or other folders beside it.`,
      },
      {
        regex: `^(?:\\./|(?:\\.\\./)+)shared/(?:${sharedForSecureAndServer.join('|')})$`,
        message: sharedForSecureAndServerMessage,
      },
    ]),
  },
  // Views dispatch actions; they never reach sagas, services, the frame or a plugin's runtime.
  ...layer('ui', {
    allow: ['ui', 'react', 'store', 'config', 'errors', 'types', 'validation', 'shared'],
    typesOnly: ['plugins', 'createPortico', 'events'],
    why: 'Views dispatch actions; only sagas await.',
  }),
  ...layer('react', {
    allow: ['ui', 'react', 'store', 'config', 'errors', 'types', 'validation', 'shared'],
    typesOnly: ['plugins', 'createPortico', 'events'],
    why: 'Views dispatch actions; only sagas await.',
  }),
  // The custom elements (portico/web-component) render the React buttons and provider for pages without React.
  ...layer('webComponent', { allow: ['react', 'errors'], typesOnly: ['createPortico'], why: 'The elements show the React buttons; like them, they never reach sagas or services.' }),
  ...layer('store', { allow: ['config', 'errors', 'types'], typesOnly: ['plugins', 'validation'], why: 'The store holds data; it knows nothing that runs.' }),
  // src/validation holds the SPEC §5 rules of the config layer (DESIGN.md: "config/ ... validation").
  ...layer('plugins', { allow: ['config', 'errors', 'types', 'validation', 'shared'], why: 'Plugins report through callbacks that sagas subscribe to, never through the store.' }),
  ...layer('services', { allow: ['config', 'errors', 'types', 'validation', 'shared'], why: 'Services report through callbacks that sagas subscribe to, never through the store.' }),
  ...layer('frame', {
    allow: ['config', 'errors', 'types', 'validation', 'shared'],
    typesOnly: ['storage'],
    why: 'The frame reports through callbacks that sagas subscribe to, never through the store.',
  }),
  ...layer('sagas', {
    allow: ['store', 'plugins', 'services', 'frame', 'walletconnect', 'createServices', 'storage', 'config', 'errors', 'types', 'validation', 'shared', 'siwx', 'diagnostics'],
    why: 'Sagas are where the layers meet, below the views.',
  }),
  // The diagnostic log: a bounded buffer that sagas and createPortico write to; it knows nothing else.
  ...layer('diagnostics', { allow: ['config'], why: 'The log is fed by sagas and createPortico; it reads only its limits.' }),
  ...layer('validation', {
    allow: ['config', 'errors', 'types', 'shared'],
    why: 'SPEC §5 rules are pure; address rules come from the plugins through the registry.',
  }),
  // The config layer resolves the dapp's config: SPEC §5 rules, and the plugin registry it
  // builds (the one path by which plugins enter); it never reaches what runs on them.
  ...layer('config', { allow: ['errors', 'types', 'shared', 'validation', 'plugins'], typesOnly: ['ui'], why: 'Config is resolved once, before anything runs.' }),
  // Package entries beside portico (portico/solana, portico/bitcoin, portico/wagmi): a
  // plugin and what wraps a Portico instance for another library; never sagas, services or views.
  ...layer('solana', { allow: ['plugins', 'store', 'config', 'errors', 'types', 'shared'], typesOnly: ['createPortico'], why: 'An entry exports its plugin and adapters over a Portico instance.' }),
  ...layer('bitcoin', { allow: ['plugins', 'config', 'errors', 'types', 'shared'], why: 'An entry exports its plugin.' }),
  ...layer('wagmi', {
    allow: ['store', 'config', 'errors', 'types', 'shared'],
    typesOnly: ['createPortico', 'plugins'],
    why: 'The wagmi connector drives a Portico instance through its API and store.',
  }),
  // The bottom of the library: errors and plain data types know no layer above them.
  ...layer('errors', { allow: ['types', 'shared'], typesOnly: ['config'], why: 'Errors are the bottom layer every other imports.' }),
  ...layer('types', { allow: [], typesOnly: ['config', 'shared'], why: 'Plain data types: they import types only.' }),
  // The WalletConnect dapp side, a connector library beside the plugins (loaded with import()
  // by createPortico and the WalletConnect saga). Its Solana wallet is the frame's RPC-backed
  // Wallet Standard wallet (src/frame/solanaRpcWallet.ts), shared by the two remote wallets.
  ...layer('walletconnect', {
    allow: ['config', 'errors', 'types', 'validation', 'shared', 'frame'],
    typesOnly: ['plugins'],
    why: 'Like a plugin, it reports through callbacks that sagas subscribe to, never through the store.',
  }),
  // Helpers below the sagas that the composition root (createPortico) wires in.
  ...layer('storage', { allow: ['config', 'errors', 'types', 'shared'], typesOnly: ['store'], why: 'Storage keeps what survives a reload; sagas decide what.' }),
  ...layer('siwx', { allow: ['config', 'errors', 'types', 'validation', 'shared'], why: 'SIWX messages and checks are pure; the siwx saga runs them.' }),
  ...layer('environment', { allow: ['config', 'errors', 'types', 'shared'], why: 'The environment is read once by createPortico.' }),
  ...layer('createServices', { allow: ['services', 'config', 'errors', 'types', 'shared'], why: 'It builds the service clients that sagas use.' }),
  ...layer('analytics', { allow: ['config', 'errors', 'types', 'shared'], typesOnly: ['createServices', 'services', 'events'], why: 'Analytics is fed events by createPortico.' }),
  // Over the store: the dapp's events and the plugins' provider host read state and dispatch.
  ...layer('events', { allow: ['store', 'config', 'errors', 'types', 'shared'], why: 'Events are derived from store actions.' }),
  ...layer('providers', { allow: ['store', 'config', 'errors', 'types', 'shared'], typesOnly: ['plugins'], why: "The connection host reads the store and dispatches; it never runs a plugin's code." }),
  ...layer('smartSessions', { allow: ['store', 'services', 'config', 'errors', 'types', 'shared'], typesOnly: ['createPortico'], why: 'Smart sessions run on a Portico instance and the services.' }),
  // Code the server, the secure page and the library share (src/shared/): pure, it imports
  // nothing but its own files and @solana/kit's transaction codecs (no other package, no
  // other folder). The modules that use those codecs are for secure/ and server/ only.
  {
    files: ['src/shared/**'],
    ignores: testFiles,
    rules: importRules([
      {
        regex: `^(?!\\./[^/]+$|(?:${sharedPackages.map(escape).join('|')})$)`,
        message: `src/shared/ is imported by server/, secure/ and src/: it imports only its own files and ${sharedPackages.join(', ')}.`,
      },
    ]),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: testFiles,
    plugins: { portico: { rules: { 'no-inline-error-text': noInlineErrorText } } },
    rules: { 'portico/no-inline-error-text': 'error' },
  },
  outside('secure', { allowed: secureAllowed, why: secureWhy }),
  outside('server', { allowed: serverAllowed, why: serverWhy }),
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
  // Library tests dispatch through action creators, so the payload is type-checked and a
  // renamed action breaks the test at compile time instead of making it pass vacuously.
  {
    files: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'no-restricted-syntax': ['error', noPostMessageToAny, noHandWrittenSliceAction] },
  },
  { files: ['**/*.cjs', 'jest.setup.dom.js', 'dev/**', 'e2e/**'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['jest.setup.dom.js'], languageOptions: { globals: globals.jest } },
)
