import type * as ModalModule from '../ui/Modal'

let modalChunk: Promise<typeof ModalModule> | undefined

/**
 * Fetches the modal's chunk once; later calls share the same promise. Buttons call it
 * on hover and focus so the click paints at once.
 */
export function preloadModal() {
  modalChunk ??= import('../ui/Modal')
  return modalChunk
}
