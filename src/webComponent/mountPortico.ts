import type { Portico } from '../createPortico'
import { PorticoError } from '../errors'
import { definePorticoElements, setPagePortico } from './elements'
import { hostFor } from './host'

/**
 * Shows Portico in a page that has no React of its own: renders the instance's modal
 * host into `element` (the modal itself is a portal on <body>, so `element` takes no
 * room), defines the `<portico-*>` elements, and makes `portico` the instance of every
 * element that has none set. Returns the function that takes it all down again.
 *
 * @example
 * import { createPortico } from 'portico'
 * import { mountPortico } from 'portico/web-component'
 * const portico = createPortico({ projectId: 'my-project' })
 * mountPortico(document.getElementById('portico')!, portico)
 * // <portico-connect-button></portico-connect-button> anywhere in the page
 */
export function mountPortico(element: Element, portico: Portico): () => void {
  if (!(element instanceof Element)) throw new PorticoError({ key: 'mountPorticoNeedsElement' })
  if (typeof portico?.open !== 'function' || !portico.store) throw new PorticoError({ key: 'mountPorticoNeedsInstance' })
  definePorticoElements()
  const host = hostFor(portico, element)
  setPagePortico(portico)
  return () => {
    setPagePortico(undefined)
    host.unmount()
  }
}
