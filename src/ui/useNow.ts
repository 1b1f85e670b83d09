import { useEffect, useState } from 'react'

/**
 * The current time in epoch ms, refreshed every `intervalMs` while `active`. For
 * countdowns (the email cooldown) and relative times; inactive, it costs no timer.
 */
export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), intervalMs)
    return () => clearInterval(timer)
  }, [intervalMs, active])
  return now
}
