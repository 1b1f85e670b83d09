import { ServiceError, type PorticoStringCode } from '../../errors'

type NameErrorKey = 'errorResolvingName' | 'errorFetchingNameSuggestions' | 'errorRegisteringName'

const codes: Record<NameErrorKey, PorticoStringCode> = {
  errorResolvingName: 'names/resolve',
  errorFetchingNameSuggestions: 'names/suggestions',
  errorRegisteringName: 'names/register',
}

/**
 * Runs a name-service call and reports its failure with the SPEC §8 sentence ('Error
 * resolving name', ...), keeping the HTTP error as `cause` (so `error.walk()` finds the
 * status: a 404 on a lookup means the name is free). A caller abort passes through
 * untouched: it is not a failure of the name service.
 */
export async function withNameError<T>(key: NameErrorKey, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ServiceError({ key }, { code: codes[key], cause: error })
  }
}
