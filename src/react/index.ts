'use client'
// The buttons and the provider are client components: a Next.js server component may
// render them (Next.js's App Router reads this directive on the entry it imports).

export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export type { ConnectButtonCustomProps, ConnectButtonRenderProps } from './ConnectButtonCustom'
export { AccountButton, type AccountButtonProps } from './AccountButton'
export { NetworkButton, type NetworkButtonProps } from './NetworkButton'
export { preloadModal } from './preloadModal'
export { usePortico, useAccount, useNetwork, useModal, usePorticoSelector, usePorticoDispatch, useProvider, usePorticoEvent } from './hooks'
