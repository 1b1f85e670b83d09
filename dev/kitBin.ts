// The `portico-dev` package's bin (kit/, docs/testing-your-dapp.md): the kit of
// dev/kit.ts, bundled by dev/buildKit.ts into kit/dist/portico-dev.js beside what it runs
// and serves: the reference server is the installed portico-server's compiled bin, the
// OIDC stand-in kit/dist/oidc.mjs, the pages kit/dist/assets (dev/stackAssets.ts).
import path from 'node:path'
import { kitMain } from './kit'
import { prebuiltAssets } from './stackAssets'

kitMain(process.argv.slice(2), prebuiltAssets(path.join(__dirname, 'assets'), { server: require.resolve('portico-server/dist/main.js'), oidc: path.join(__dirname, 'oidc.mjs') }))
