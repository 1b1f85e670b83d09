import { useEffect, useState } from 'react'
import { ConnectButton, NetworkButton, useAccount, useNetwork, usePortico, usePorticoSelector } from '../src/react'

/** The demo dapp: what an integrator writes, plus a panel showing Portico's state. */
export function App() {
  const portico = usePortico()
  const account = useAccount()
  const { network } = useNetwork()
  const themeMode = usePorticoSelector((s) => s.options.themeMode)
  const [signature, setSignature] = useState<string>()
  const signHello = () => {
    setSignature('…')
    portico.signMessage({ message: 'Hello from the Portico demo' }).then(setSignature, (error: Error) => setSignature(`Error: ${error.message}`))
  }
  useEffect(() => {
    document.body.dataset.theme = themeMode
  }, [themeMode])
  return (
    <main className="demo">
      <header>
        <h1>Portico demo dapp</h1>
        <div className="actions">
          <NetworkButton />
          {/* The one account button: 'Connect Wallet', then the address (it opens the account). */}
          <ConnectButton />
        </div>
      </header>
      <div className="actions" style={{ marginTop: 16 }}>
        {account.isConnected ? (
          <button type="button" className="secondary" onClick={signHello}>
            Sign a message
          </button>
        ) : null}
        <button type="button" className="secondary" onClick={() => portico.setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}>
          {themeMode === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </div>
      <dl aria-label="Portico state">
        <dt>Status</dt>
        <dd data-testid="demo-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="demo-address">{account.caipAddress ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="demo-network">{network?.caipNetworkId ?? '—'}</dd>
        <dt>Signature of “Hello from the Portico demo”</dt>
        <dd data-testid="demo-signature">{signature ?? '—'}</dd>
      </dl>
    </main>
  )
}
