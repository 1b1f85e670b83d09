'use client'

import type { ButtonHTMLAttributes } from 'react'
import { format } from '../ui/mergeStrings'
import { useButtonStrings } from '../ui/useButtonStrings'
import { useButtonChrome } from './buttonChrome'
import { useModal, useNetwork } from './hooks'
import { preloadHandlers } from './preloadModal'

export type NetworkButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick'>

/**
 * The active network; opens the Networks view. On a network the dapp does not support
 * it says so and opens UnsupportedChain.
 *
 * @example
 * <NetworkButton />
 */
export function NetworkButton({ className, style, ...rest }: NetworkButtonProps) {
  const { open } = useModal()
  const { network, isUnsupported } = useNetwork()
  const t = useButtonStrings()
  const chrome = useButtonChrome({ className, style }, 'portico-network-button', isUnsupported && 'portico-network-button-unsupported')
  const name = isUnsupported ? t.unsupportedNetwork : (network?.name ?? t.selectNetwork)
  return (
    <button
      type="button"
      {...rest}
      {...chrome}
      data-testid="portico-network-button"
      aria-label={format(t.networkButtonLabel, { network: name })}
      onClick={() => open({ view: isUnsupported ? 'UnsupportedChain' : 'Networks' })}
      {...preloadHandlers}
    >
      {name}
    </button>
  )
}
