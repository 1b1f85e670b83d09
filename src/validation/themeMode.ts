/** SPEC §3 / §5: theme sync payload `themeMode` is light or dark. */
export const ThemeModes = ['light', 'dark'] as const
export type ThemeMode = (typeof ThemeModes)[number]

/**
 * Whether `value` is a theme mode.
 *
 * @example
 * isThemeMode('dark')  // true
 * isThemeMode('Dark')  // false: the values are lower case
 */
export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (ThemeModes as readonly string[]).includes(value)
}
