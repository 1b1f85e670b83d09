import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react'

export type TabItem<K extends string> = { key: K; label: string }

/**
 * WAI-ARIA tabs: a tablist of tabs with roving tabindex (only the selected tab is in the
 * Tab order), Left/Right arrows move and select with wrap-around, Home and End jump to
 * the ends, and the panel is labelled by its tab.
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: { label: string; tabs: readonly TabItem<K>[]; selected: K; onSelect: (key: K) => void; children: ReactNode }) {
  const id = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : undefined
    if (next === undefined) return
    event.preventDefault()
    const tab = tabs[next]!
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }
  return (
    <div className="portico-tabs">
      <div role="tablist" aria-label={label} className="portico-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              if (el) refs.current.set(tab.key, el)
              else refs.current.delete(tab.key)
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === selected}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === selected ? 0 : -1}
            className="portico-tab"
            onClick={() => onSelect(tab.key)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel-${selected}`} aria-labelledby={`${id}-tab-${selected}`} className="portico-tabpanel" tabIndex={0}>
        {children}
      </div>
    </div>
  )
}
