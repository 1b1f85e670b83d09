import { act, screen } from '@testing-library/react'
import { optionsActions } from '../../store/slices/options'
import { renderView, settleLazy } from '../test/renderView'

describe('the modal in the Portico’s language', () => {
  it('opens in Arabic, right to left, once the Arabic catalogue has loaded', async () => {
    const { dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'ar' } })
    const root = dialog().closest('.portico-root')!
    expect(root.getAttribute('dir')).toBe('rtl')
    expect(root.getAttribute('lang')).toBe('ar')
    expect(screen.getByRole('heading', { name: 'ربط المحفظة' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'إغلاق' })).toBeTruthy()
  })

  it('follows a regional tag to its language, left to right', async () => {
    const { dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'pt-BR' } })
    expect(dialog().closest('.portico-root')!.getAttribute('dir')).toBe('ltr')
    expect(dialog().closest('.portico-root')!.getAttribute('lang')).toBe('pt-BR')
    expect(screen.getByRole('heading', { name: 'Conectar carteira' })).toBeTruthy()
  })

  it('changes language while open when the locale changes (portico.setLocale)', async () => {
    const { dispatch, dialog } = await renderView({ view: 'Connect' }, { config: { locale: 'fr' } })
    expect(screen.getByRole('heading', { name: 'Connecter un portefeuille' })).toBeTruthy()
    await dispatch(optionsActions.localeSet('de'))
    await act(settleLazy)
    expect(await screen.findByRole('heading', { name: 'Wallet verbinden' })).toBeTruthy()
    expect(dialog().closest('.portico-root')!.getAttribute('lang')).toBe('de')
  })

  it('lays the dapp’s own strings over the chosen language', async () => {
    await renderView({ view: 'Connect' }, { config: { locale: 'es', strings: { titles: { Connect: 'Entrar' } } } })
    expect(screen.getByRole('heading', { name: 'Entrar' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeTruthy()
  })

  it('shows English for a locale with no catalogue', async () => {
    await renderView({ view: 'Connect' }, { config: { locale: 'nl' } })
    expect(screen.getByRole('heading', { name: 'Connect Wallet' })).toBeTruthy()
  })
})
