import type { AccountType } from '../config/constants'

/** SPEC §3 Embedded-wallet User. */
export type EmbeddedUser = {
  email?: string | null | undefined
  address: string
  chainId: string | number
  accounts?: { address: string; type: AccountType }[] | undefined
  userName?: string | undefined
  smartAccountDeployed?: boolean | undefined
  preferredAccountType?: AccountType | undefined
}

/** One device signed in to an embedded wallet (issue 32), as the Devices view lists it. */
export type EmbeddedDevice = {
  /** Random, names the device in this list only; authenticates nothing. */
  id: string
  /** Browser and system, e.g. 'Chrome on macOS'. */
  label: string
  /** ISO-8601: when it first signed in. */
  addedAt: string
  /** ISO-8601: when it last signed in or rebuilt its key. */
  lastUsedAt: string
  /** The device the visitor is using. */
  current: boolean
}
