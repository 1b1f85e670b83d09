import { isThemeMode } from './themeMode'

// SPEC §5: "Theme mode is light or dark."
describe('isThemeMode', () => {
  it('accepts light and dark only', () => {
    expect(isThemeMode('light')).toBe(true)
    expect(isThemeMode('dark')).toBe(true)
    expect(isThemeMode('system')).toBe(false)
    expect(isThemeMode('Dark')).toBe(false)
    expect(isThemeMode(undefined)).toBe(false)
  })
})
