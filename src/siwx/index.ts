export { createPorticoSiwx, SiwxServerError, type CreatePorticoSiwxParameters, type SiwxTokenStore } from './createPorticoSiwx'
