// docs/solana-bitcoin.md: what a Solana dapp does with the connection the visitor made
// in the modal, with @solana/web3.js and @solana/spl-token, the way a dapp on
// @solana/wallet-adapter-react does. Inside this repository the example imports
// Portico's source; a dapp imports the same names from 'portico' and 'portico/solana'.
import { createAssociatedTokenAccountIdempotentInstruction, createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token'
import { PublicKey, Transaction, type Connection } from '@solana/web3.js'
import type { Portico } from '../../src'
import { PorticoWalletAdapter } from '../../src/solana'

/**
 * Portico as a wallet adapter: `connect()` opens the modal, and it follows whatever
 * Solana connection the visitor makes there (a browser wallet, the embedded wallet or a
 * WalletConnect session). In React: `<WalletProvider wallets={[adapter]}>`.
 */
export function porticoAdapter(portico: Portico): PorticoWalletAdapter {
  return new PorticoWalletAdapter({ portico })
}

/**
 * Sends `amount` base units of the SPL token `mint` to `to`, creating the receiver's
 * associated token account when it has none; the connected wallet signs and sends.
 * Resolves with the transaction's signature.
 */
export async function sendSplToken(
  adapter: PorticoWalletAdapter,
  connection: Connection,
  { mint, decimals, to, amount }: { mint: string; decimals: number; to: string; amount: bigint },
): Promise<string> {
  const owner = adapter.publicKey
  if (!owner) throw new Error('Connect a Solana wallet first')
  const token = new PublicKey(mint)
  const receiver = new PublicKey(to)
  const source = getAssociatedTokenAddressSync(token, owner)
  const destination = getAssociatedTokenAddressSync(token, receiver)
  const transaction = new Transaction().add(
    createAssociatedTokenAccountIdempotentInstruction(owner, destination, receiver, token),
    createTransferCheckedInstruction(source, token, destination, owner, amount, decimals),
  )
  return adapter.sendTransaction(transaction, connection)
}

/** Has the visitor sign `text` (sign-in, proof of ownership); the 64-byte ed25519 signature. */
export function signText(adapter: PorticoWalletAdapter, text: string): Promise<Uint8Array> {
  return adapter.signMessage(new TextEncoder().encode(text))
}
