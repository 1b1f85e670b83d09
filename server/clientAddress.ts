/**
 * Who a per-IP rate limit counts. An IPv4 address counts alone; an IPv6 client
 * counts by its /64, because one subscriber usually gets a whole /64 and could
 * otherwise take a fresh address per request.
 */
import { isIPv6 } from 'node:net'

/**
 * @example
 * clientKey('203.0.113.7')            // '203.0.113.7'
 * clientKey('::ffff:203.0.113.7')     // '203.0.113.7'
 * clientKey('2001:db8:1:2:3:4:5:6')   // '2001:db8:1:2::/64'
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = ip.includes('::') ? (tail === '' ? [] : tail.split(':')) : []
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

/** Whether an address is the machine itself (127.0.0.0/8, ::1, or either mapped). */
export function isLoopback(ip: string | undefined): boolean {
  if (ip === undefined) return false
  const v4 = clientKey(ip)
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || ip === '::1' || ip.toLowerCase() === '0:0:0:0:0:0:0:1'
}

/**
 * Whether a host name (as in a URL or a Host header, brackets and port allowed) names
 * the machine itself: localhost, *.localhost, 127.0.0.0/8 or ::1.
 *
 * @example
 * isLoopbackName('portico.localhost:8787') // true
 * isLoopbackName('127.0.0.1.nip.io')       // false
 */
export function isLoopbackName(host: string): boolean {
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(host)
  const name = (bracketed ? bracketed[1]! : host.replace(/:\d*$/, '')).toLowerCase()
  return name === 'localhost' || name.endsWith('.localhost') || isLoopback(name)
}
