import type { ReactNode } from 'react'
import type { Portico } from '../createPortico'
import { AccountButton } from '../react/AccountButton'
import { ConnectButton } from '../react/ConnectButton'
import { NetworkButton } from '../react/NetworkButton'
import { hostFor, type Host, type HostedElement } from './host'

/** The custom elements and what each shows; their attributes are the buttons' options. */
export const PORTICO_ELEMENTS = {
  /** `label`: replaces 'Connect Wallet'. */
  'portico-connect-button': { attributes: ['label'], render: (el: Element) => <ConnectButton label={el.getAttribute('label') ?? undefined} /> },
  /** `balance="hide"`: the account without its balance. */
  'portico-account-button': { attributes: ['balance'], render: (el: Element) => <AccountButton balance={el.getAttribute('balance') !== 'hide'} /> },
  'portico-network-button': { attributes: [], render: () => <NetworkButton /> },
} as const satisfies Record<string, { attributes: readonly string[]; render: (element: Element) => ReactNode }>

export type PorticoElementName = keyof typeof PORTICO_ELEMENTS

/** What every Portico element has: the instance it shows, set as a property. */
export interface PorticoElement extends HTMLElement {
  /** The instance this element shows: the one set here, else the one given to `mountPortico`. */
  portico: Portico | undefined
}

let pagePortico: Portico | undefined
const waiting = new Set<PorticoElementBase>()

/** The instance elements without their own `portico` use (mountPortico's); they pick it up at once. */
export function setPagePortico(portico: Portico | undefined) {
  pagePortico = portico
  for (const element of [...waiting]) element.attach()
}

type PorticoElementBase = PorticoElement & HostedElement & { attach(): void }

/**
 * Defines `<portico-connect-button>`, `<portico-account-button>` and
 * `<portico-network-button>` (once; later calls do nothing). The classes are made here,
 * not at import, so importing this module on a server, where there is no HTMLElement,
 * is harmless.
 *
 * @example
 * definePorticoElements()
 * document.querySelector('portico-connect-button').portico = portico
 */
export function definePorticoElements(registry: CustomElementRegistry = customElements): void {
  for (const [name, spec] of Object.entries(PORTICO_ELEMENTS)) {
    if (registry.get(name)) continue
    registry.define(name, elementClass(spec))
  }
}

function elementClass(spec: (typeof PORTICO_ELEMENTS)[PorticoElementName]) {
  return class extends HTMLElement implements PorticoElementBase {
    static observedAttributes = [...spec.attributes]
    #portico: Portico | undefined
    #host: Host | undefined

    get portico(): Portico | undefined {
      return this.#portico ?? pagePortico
    }

    set portico(portico: Portico | undefined) {
      this.#portico = portico
      if (this.isConnected) this.attach()
    }

    render(): ReactNode {
      return spec.render(this)
    }

    /** Shows the element through the host of its instance (its own, else the page's), or waits for one. */
    attach() {
      const portico = this.#portico ?? pagePortico
      const host = portico ? hostFor(portico) : undefined
      if (!host) waiting.add(this)
      else waiting.delete(this)
      if (host === this.#host) return
      this.#host?.remove(this)
      this.#host = host
      host?.add(this)
    }

    connectedCallback() {
      // A `portico` set before the element was defined is an own property hiding the
      // accessor: take it through the accessor (the usual custom-element upgrade).
      if (Object.prototype.hasOwnProperty.call(this, 'portico')) {
        const early = (this as { portico?: Portico }).portico
        delete (this as { portico?: Portico }).portico
        this.#portico = early
      }
      this.attach()
    }

    disconnectedCallback() {
      waiting.delete(this)
      this.#host?.remove(this)
      this.#host = undefined
    }

    attributeChangedCallback() {
      this.#host?.update()
    }
  }
}
