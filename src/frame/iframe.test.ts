/** @jest-environment jsdom */
import { Layout } from '../config/constants'
import { createSecureFrameElement, FRAME_BACKDROP_ATTRIBUTE, removeSecureFrameElement, setSecureFrameVisible } from './iframe'

const backdrop = () => document.querySelector<HTMLElement>(`[${FRAME_BACKDROP_ATTRIBUTE}]`)

describe('the secure frame while it shows a prompt', () => {
  afterEach(() => document.body.replaceChildren())

  it('covers the dapp with a backdrop just under the frame, only while the frame shows', () => {
    const iframe = createSecureFrameElement(document, 'https://secure.example/')
    expect(backdrop()?.style.display).toBe('none')

    setSecureFrameVisible(iframe, true)
    const shown = backdrop()!
    expect(shown.style.display).toBe('block')
    expect(shown.style.position).toBe('fixed')
    expect(shown.style.inset).toBe('0')
    expect(shown.style.background).not.toBe('')
    // Same layer as the frame and earlier in the document: above the modal (Layout.zIndex), below the prompt.
    expect(shown.style.zIndex).toBe(iframe.style.zIndex)
    expect(Number(shown.style.zIndex)).toBeGreaterThan(Layout.zIndex)
    expect(shown.nextElementSibling).toBe(iframe)

    setSecureFrameVisible(iframe, false)
    expect(shown.style.display).toBe('none')
    expect(iframe.style.display).toBe('none')
  })

  it('goes away with the frame', () => {
    const iframe = createSecureFrameElement(document, 'https://secure.example/')
    removeSecureFrameElement(iframe)
    expect(document.body.children).toHaveLength(0)
  })
})

describe('the secure frame element', () => {
  afterEach(() => document.body.replaceChildren())

  it('lets the secure page run passkey ceremonies and write the exported key to the clipboard inside the frame, nothing more', () => {
    const iframe = createSecureFrameElement(document, 'https://secure.example/')
    // No allowlist after the feature names: the frame's own origin only (its src), never a page it navigates to.
    expect(iframe.getAttribute('allow')).toBe('publickey-credentials-get; publickey-credentials-create; clipboard-write')
  })
})
