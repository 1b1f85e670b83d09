import { useEffect, useMemo, useState } from 'react'
import { ConnectionProvider, WalletProvider, useConnection, useWallet } from '@solana/wallet-adapter-react'
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey, Transaction, type Connection } from '@solana/web3.js'
import type { Portico } from '../src'
import { PorticoWalletAdapter, PorticoWalletName } from '../src/solana'

/** The SPL token the Solana stand-in mints to the development wallets (dev/solana). */
export type DemoSplToken = { mint: string; decimals: number; symbol: string }

/**
 * What a dapp on `@solana/wallet-adapter-react` does with the Solana connection Portico
 * made: Portico is its one wallet (`PorticoWalletAdapter`), and it sends an SPL transfer
 * with `@solana/spl-token`'s instructions, creating the receiver's token account when it
 * has none, whatever Solana wallet the visitor picked in the modal.
 */
export function SolanaTransfers({ portico, rpcUrl, token }: { portico: Portico; rpcUrl: string; token: DemoSplToken | undefined }) {
  const wallets = useMemo(() => [new PorticoWalletAdapter({ portico })], [portico])
  useEffect(() => () => wallets.forEach((wallet) => wallet.destroy()), [wallets])
  return (
    <ConnectionProvider endpoint={rpcUrl} config={{ commitment: 'confirmed' }}>
      {/* No autoConnect: connecting opens the modal, which only the visitor's click should do. */}
      <WalletProvider wallets={wallets} localStorageKey="demo-solana-wallet">
        <SplTransfer token={token} />
      </WalletProvider>
    </ConnectionProvider>
  )
}

function SplTransfer({ token }: { token: DemoSplToken | undefined }) {
  const { connection } = useConnection()
  const { wallet, select, connect, publicKey, sendTransaction } = useWallet()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('1')
  const [result, setResult] = useState<string>()
  const [pending, setPending] = useState(false)
  // Portico is the dapp's only Solana wallet: select it, so its connection shows here.
  useEffect(() => {
    if (!wallet) select(PorticoWalletName)
  }, [wallet, select])

  async function send() {
    if (!publicKey || !token) return
    setPending(true)
    setResult(undefined)
    try {
      const mint = new PublicKey(token.mint)
      const receiver = new PublicKey(to)
      const source = getAssociatedTokenAddressSync(mint, publicKey)
      const destination = getAssociatedTokenAddressSync(mint, receiver)
      const units = BigInt(Math.round(Number(amount) * 10 ** token.decimals))
      const transaction = new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(publicKey, destination, receiver, mint),
        createTransferCheckedInstruction(source, mint, destination, publicKey, units, token.decimals),
      )
      const signature = await sendTransaction(transaction, connection)
      setResult(await confirmation(connection, signature))
    } catch (error) {
      setResult(`Error: ${(error as Error).message}`)
    } finally {
      setPending(false)
    }
  }

  return (
    <section className="demo" aria-label="Solana wallet adapter">
      <h2>Through @solana/wallet-adapter-react</h2>
      <dl>
        <dt>Public key</dt>
        <dd data-testid="adapter-public-key">{publicKey?.toBase58() ?? '—'}</dd>
      </dl>
      {!publicKey ? (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => connect().catch((error: Error) => setResult(`Error: ${error.message}`))}>
            Connect through the wallet adapter
          </button>
        </div>
      ) : token ? (
        <form
          className="demo-call"
          onSubmit={(event) => {
            event.preventDefault()
            void send()
          }}
        >
          <label>
            Receiver <input value={to} onChange={(event) => setTo(event.target.value)} spellCheck={false} aria-label="SPL receiver" />
          </label>
          <label>
            {token.symbol} <input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" size={6} aria-label="SPL amount" />
          </label>
          <button type="submit" className="secondary" disabled={pending}>
            Send {token.symbol} (SPL)
          </button>
        </form>
      ) : null}
      <p data-testid="adapter-result" role="status">
        {result ?? (pending ? 'Waiting for the wallet…' : '—')}
      </p>
    </section>
  )
}

/**
 * Polls the signature's status (web3.js's `confirmTransaction` waits on a websocket
 * subscription, which the local stand-in does not serve) for up to 30 s.
 */
async function confirmation(connection: Connection, signature: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt++) {
    const { value } = await connection.getSignatureStatus(signature)
    if (value?.err) return `Failed: ${signature} ${JSON.stringify(value.err)}`
    if (value?.confirmationStatus === 'confirmed' || value?.confirmationStatus === 'finalized') return `Confirmed: ${signature}`
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return `Not confirmed after 30 s: ${signature}`
}
