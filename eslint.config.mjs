import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

// The layer rules of DESIGN.md, enforced: views never reach sagas, services, the
// frame or a plugin's runtime; the store knows nothing that runs.
const noRuntimeFromViews = {
  patterns: [
    { group: ['**/sagas/**', '**/sagas'], message: 'Views dispatch actions; only sagas await (DESIGN.md).' },
    { group: ['**/services/**', '**/services'], message: 'Views never call services (DESIGN.md).' },
    { group: ['**/frame/**', '**/frame'], message: 'Views never call the frame (DESIGN.md).' },
  ],
}
const storeKnowsNothingThatRuns = {
  patterns: [
    { group: ['**/sagas/**', '**/services/**', '**/frame/**', '**/ui/**', '**/react/**'], message: 'The store holds data only (DESIGN.md).' },
  ],
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'coverage/**', 'bench/anchors/**', 'test-artifacts/**', '**/*.generated.js', 'demo/dist/**', '.data/**'] },
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
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='postMessage'][arguments.1.value='*']",
        message: "Never postMessage to '*': name the target origin.",
      }],
    },
  },
  { files: ['src/ui/**', 'src/react/**'], rules: { 'no-restricted-imports': ['error', noRuntimeFromViews] } },
  { files: ['src/store/**'], rules: { 'no-restricted-imports': ['error', storeKnowsNothingThatRuns] } },
  // Code the server, the secure page and the library all import (src/shared/originMatch.ts): pure, no imports.
  {
    files: ['src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**'], message: 'src/shared/ is imported by server/, secure/ and src/: it imports nothing.' }] }] },
  },
  { files: ['**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },
  { files: ['**/*.cjs', 'jest.setup.dom.js', 'dev/**', 'e2e/**'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['jest.setup.dom.js'], languageOptions: { globals: globals.jest } },
)
