export { createEventEmitter, type PorticoEventEmitter } from './emitter'
export { createEventsMiddleware } from './middleware'
export { eventsFromAction } from './fromAction'
export { PorticoEventNames, type PorticoEvent, type PorticoEventMap, type PorticoEventName, type PorticoEventListener } from './types'
