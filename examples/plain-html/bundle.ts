// What the page imports as ./portico/portico.js: `portico` and `portico/web-component` as
// one browser module with their dependencies (React included), the way a CDN that bundles
// npm packages (esm.sh, jsDelivr's /+esm) serves them to a page with no build step.
// `npm run build` bundles it from the installed package (README.md); inside the repository
// dev/plainHtmlExample.ts bundles it from the source. Lazy parts stay chunks beside it.
export * from 'portico'
export * from 'portico/web-component'
