import { setTimeout as realDelay } from 'node:timers/promises'

/**
 * Under fake timers, lets real I/O (a request on a local socket) land: a short wait on the
 * real clock, so a test can say "nothing was sent" after advancing fake time. Not a way
 * to prove a timing rule; the rule runs on fake time.
 */
export const ioSettles = (ms = 50): Promise<void> => realDelay(ms).then(() => undefined)
