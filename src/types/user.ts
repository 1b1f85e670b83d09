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
