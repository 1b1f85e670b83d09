export { PorticoProvider, type PorticoProviderProps } from './PorticoProvider'
export { ConnectButton, type ConnectButtonProps } from './ConnectButton'
export { usePortico, useAccount, useNetwork, useModal, usePorticoSelector, usePorticoDispatch } from './hooks'
