// portico/web-component: Portico's buttons and modal as custom elements, for pages with no
// React of their own (React is this entry's peer dependency, bundled by the dapp's bundler
// or the CDN that serves it; the page itself writes none). See docs/ui.md "Without React".
export { mountPortico } from './mountPortico'
export { definePorticoElements, PORTICO_ELEMENTS, type PorticoElement, type PorticoElementName } from './elements'
