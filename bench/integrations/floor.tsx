// The floor: what any wallet modal costs at least, with nothing of a wallet library in
// it. The same React as the other integrations, a Connect button, and a plain dialog
// with four buttons. Portico's timings are reported as ratios to this page, measured in
// the same run, so the machine's 2x swings between runs cancel out.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'

const OPTIONS = ['Browser Wallet', 'WalletConnect', 'Coinbase Wallet', 'Email'] as const

function Floor() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" data-testid="floor-connect-button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <div role="dialog" aria-modal="true" aria-label="Connect Wallet">
          <h2>Connect Wallet</h2>
          <ul>
            {OPTIONS.map((option) => (
              <li key={option}>
                <button type="button" className="floor-option" onClick={() => setOpen(false)}>
                  {option}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" aria-label="Close" onClick={() => setOpen(false)}>
            ×
          </button>
        </div>
      ) : null}
    </>
  )
}

createRoot(document.getElementById('root')!).render(<Floor />)
