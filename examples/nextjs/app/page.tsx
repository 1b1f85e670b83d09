import { ConnectButton, NetworkButton } from 'portico/react'
import { AccountStatus } from './account'

/** A server component: Portico's buttons are client components ('use client' in portico/react). */
export default function Page() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '48px auto', padding: '0 16px' }}>
      <h1>Portico on Next.js</h1>
      <p>Connect, then reload: the page comes back as “Reconnecting…”, then your account.</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <ConnectButton />
        <NetworkButton />
      </div>
      <AccountStatus />
    </main>
  )
}
