import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { Tabs } from './Tabs'

function Harness() {
  const [tab, setTab] = useState<'a' | 'b' | 'c'>('a')
  return (
    <Tabs
      label="Things"
      tabs={[
        { key: 'a', label: 'Alpha' },
        { key: 'b', label: 'Beta' },
        { key: 'c', label: 'Gamma' },
      ]}
      selected={tab}
      onSelect={setTab}
    >
      <p>panel {tab}</p>
    </Tabs>
  )
}

describe('Tabs (WAI-ARIA tabs pattern)', () => {
  it('has tablist, tabs and a panel labelled by the selected tab', () => {
    render(<Harness />)
    expect(screen.getByRole('tablist', { name: 'Things' })).toBeTruthy()
    const alpha = screen.getByRole('tab', { name: 'Alpha' })
    expect(alpha.getAttribute('aria-selected')).toBe('true')
    const panel = screen.getByRole('tabpanel')
    expect(panel.getAttribute('aria-labelledby')).toBe(alpha.id)
    expect(alpha.getAttribute('aria-controls')).toBe(panel.id)
  })

  it('keeps only the selected tab in the Tab order (roving tabindex)', () => {
    render(<Harness />)
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1])
  })

  it('moves and selects with arrows (wrapping), Home and End', () => {
    render(<Harness />)
    const alpha = screen.getByRole('tab', { name: 'Alpha' })
    alpha.focus()
    fireEvent.keyDown(alpha, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Beta' }))
    expect(screen.getByText('panel b')).toBeTruthy()
    fireEvent.keyDown(document.activeElement!, { key: 'End' })
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Gamma' }))
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' })
    expect(document.activeElement).toBe(alpha)
    fireEvent.keyDown(alpha, { key: 'ArrowLeft' })
    expect(screen.getByRole('tab', { name: 'Gamma' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(document.activeElement!, { key: 'Home' })
    expect(screen.getByText('panel a')).toBeTruthy()
  })

  it('selects on click', () => {
    render(<Harness />)
    fireEvent.click(screen.getByRole('tab', { name: 'Gamma' }))
    expect(screen.getByText('panel c')).toBeTruthy()
  })
})
