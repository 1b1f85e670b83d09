import { usePorticoSelector } from '../react/hooks'
import { useNow } from './useNow'
import { lazyState } from '../store/lazyState'

/**
 * Seconds left of the email login cooldown (SPEC §5: 30 s, 'Please try again after {n}
 * seconds'), counting down each second; 0 when another attempt is allowed.
 */
export function useCooldownSeconds(): number {
  const until = usePorticoSelector((s) => lazyState(s, 'embedded').cooldownUntil)
  const now = useNow(1000, until !== undefined)
  return until !== undefined && until > now ? Math.ceil((until - now) / 1000) : 0
}
