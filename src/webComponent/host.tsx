import { useSyncExternalStore, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import type { Portico } from '../createPortico'
import { PorticoProvider } from '../react/PorticoProvider'

/** An element that shows a piece of Portico UI: the host renders `render()` inside it. */
export type HostedElement = HTMLElement & { render(): ReactNode }

/**
 * One React tree per Portico instance: a `<PorticoProvider>` (which mounts the modal on
 * first open, portalled to <body>) whose buttons are portalled into the custom elements
 * that show them. One tree, so one modal and one store subscription however many
 * buttons the page holds.
 */
export type Host = {
  readonly portico: Portico
  add(element: HostedElement): void
  remove(element: HostedElement): void
  /** An element's attributes changed: render it again. */
  update(): void
  /** Renders the tree into `container` instead (mountPortico's element). */
  moveTo(container: Element): void
  unmount(): void
}

const hosts = new WeakMap<Portico, Host>()

/** The host of `portico`, created on first use in a container of its own (no layout: the modal is a portal). */
export function hostFor(portico: Portico, container?: Element): Host {
  let host = hosts.get(portico)
  if (!host) {
    host = createHost(portico, container ?? document.createElement('div'))
    hosts.set(portico, host)
  } else if (container) {
    host.moveTo(container)
  }
  return host
}

function createHost(portico: Portico, initialContainer: Element): Host {
  const elements = new Set<HostedElement>()
  const listeners = new Set<() => void>()
  let version = 0
  const changed = () => {
    version += 1
    for (const listener of listeners) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const keys = new WeakMap<HostedElement, string>()
  let nextKey = 0
  const keyOf = (element: HostedElement) => {
    let key = keys.get(element)
    if (key === undefined) keys.set(element, (key = String((nextKey += 1))))
    return key
  }

  function Elements() {
    useSyncExternalStore(
      subscribe,
      () => version,
      () => version,
    )
    return [...elements].map((element) => createPortal(element.render(), element, keyOf(element)))
  }

  let root: Root | undefined
  const render = (container: Element) => {
    root = createRoot(container)
    root.render(
      <PorticoProvider portico={portico}>
        <Elements />
      </PorticoProvider>,
    )
  }
  render(initialContainer)

  return {
    portico,
    add(element) {
      elements.add(element)
      changed()
    },
    remove(element) {
      if (elements.delete(element)) changed()
    },
    update: changed,
    moveTo(container) {
      root?.unmount()
      render(container)
    },
    unmount() {
      root?.unmount()
      root = undefined
      hosts.delete(portico)
    },
  }
}
