/**
 * SPEC §9 "Restricted timezones list covers several East Asian zones (exact list not
 * shown)": the onramp is hidden in these. Ours lists mainland China's, Hong Kong's and
 * Macau's IANA zones with their legacy aliases; dapps replace it with
 * `restrictedTimezones`.
 */
export const RestrictedTimezones: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'Asia/Hong_Kong',
  'Asia/Macau',
  'Asia/Macao',
  'PRC',
  'Hongkong',
]

/**
 * Whether `timeZone` (an IANA name) is on `list`, case-insensitively (SPEC §9 restricted
 * time zones hide the onramp). Unknown is never restricted. The list and this check run
 * in the saga runtime (sagas/region.ts), not in the dapp's first load.
 *
 * @example
 * isRestrictedTimeZone('Asia/Shanghai') // true
 * isRestrictedTimeZone('Europe/Paris', ['Europe/Paris']) // true
 */
export function isRestrictedTimeZone(timeZone: string | undefined, list: readonly string[] = RestrictedTimezones): boolean {
  if (!timeZone) return false
  const zone = timeZone.toLowerCase()
  return list.some((entry) => entry.toLowerCase() === zone)
}

/** The visitor's IANA time zone, or undefined where Intl cannot tell. */
export function detectTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}
