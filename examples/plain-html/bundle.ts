// What the page imports as ./portico/portico.js: `portico` and `portico/web-component` as
// one browser module with their dependencies (React included), the way a CDN that bundles
// npm packages (esm.sh, jsDelivr's /+esm) serves them to a page with no build step.
// dev/plainHtmlExample.ts builds it with esbuild; lazy parts stay chunks beside it.
export * from '../../src/index'
export * from '../../src/webComponent/index'
