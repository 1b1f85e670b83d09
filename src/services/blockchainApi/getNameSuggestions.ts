import { segment, type BlockchainApiContext, type CallOptions } from './context'
import { withNameError } from './nameErrors'
import type { NameSuggestionsResponse } from './types'

export type GetNameSuggestionsParameters = CallOptions & {
  /** What the visitor typed. */
  name: string
}
export type GetNameSuggestionsReturnType = NameSuggestionsResponse

/**
 * Names close to the one typed, each marked registered or free
 * (GET /v1/profile/suggestions/{name}). Not cached: availability changes.
 *
 * @throws ServiceError 'Error fetching name suggestions' when the call fails (HTTP
 * error as `cause`).
 *
 * @example
 * const { suggestions } = await api.getNameSuggestions({ name: 'alice' })
 * const free = suggestions.filter((s) => !s.registered)
 */
export function getNameSuggestions(context: BlockchainApiContext, { name, ...call }: GetNameSuggestionsParameters): Promise<GetNameSuggestionsReturnType> {
  return withNameError('errorFetchingNameSuggestions', call.signal, () => context.http.get<NameSuggestionsResponse>({ path: `/v1/profile/suggestions/${segment(name)}`, ...call }))
}
