'use client'

import { useAccount } from 'portico/react'

/** What the dapp knows of the visitor, from Portico's hooks. */
export function AccountStatus() {
  const { status, address } = useAccount()
  return (
    <p>
      Status: <output data-testid="account-status">{status}</output>
      {address ? (
        <>
          {' '}
          · <output data-testid="account-address">{address}</output>
        </>
      ) : null}
    </p>
  )
}
