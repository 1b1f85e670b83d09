import type { BlockchainApiContext, CallOptions } from './context'
import type { AnalyticsEvent } from './types'

export type SendAnalyticsEventParameters = CallOptions & {
  event: AnalyticsEvent
}
export type SendAnalyticsEventReturnType = void

/**
 * Sends one analytics event (POST /e). Callers send only when analytics is enabled
 * (feature flag and the project's `isAnalyticsEnabled`), and usually ignore failures.
 *
 * @example
 * await api.sendAnalyticsEvent({ event: {
 *   eventId: crypto.randomUUID(), url: location.href, domain: location.hostname, timestamp: Date.now(),
 *   props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
 * } }).catch(() => undefined)
 */
export async function sendAnalyticsEvent(
  context: BlockchainApiContext,
  { event, signal, timeoutMs }: SendAnalyticsEventParameters,
): Promise<SendAnalyticsEventReturnType> {
  await context.http.post<unknown>({ path: '/e', body: event, signal, timeoutMs })
}
