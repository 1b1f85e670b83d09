// The stand-in's test SPL token ("Portico Test Token", PTT, 6 decimals) at a fixed mint
// address, so the demo's and the server's config can name it. The mint is written
// straight into LiteSVM at start; tokens are minted by real Token program transactions
// (create the owner's associated token account if missing, then MintToChecked), signed
// by the mint authority's fixed dev key, so they land like any other transaction.
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getMintEncoder, getMintSize, getMintToCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getTransactionEncoder,
  lamports,
  none,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  some,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit'

import type { Ledger } from './ledger'

/**
 * The test token. `mint` is the public key of the ed25519 seed
 * sha256('portico dev solana test token mint'); nobody needs that key, the stand-in
 * writes the mint account itself.
 */
export const TEST_SPL_TOKEN = {
  mint: 'HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp',
  name: 'Portico Test Token',
  symbol: 'PTT',
  decimals: 6,
} as const

/** What the dev wallets get at stand-in start: 1 000 PTT. */
export const DEV_TEST_TOKEN_AMOUNT = 1_000_000_000n

/** ed25519 seed of the mint authority: sha256('portico dev solana test token authority'). Public; dev only. */
const MINT_AUTHORITY_SEED_HEX = '43cade3175dede8b71d79a05840c1a41351b6d224105aac342b5311844ff728c'

/** The authority pays the fees and rent of the accounts it creates. */
const AUTHORITY_LAMPORTS = 1_000_000_000_000n

let authority: Promise<KeyPairSigner> | undefined
function mintAuthority(): Promise<KeyPairSigner> {
  authority ??= createKeyPairSignerFromPrivateKeyBytes(Uint8Array.from(Buffer.from(MINT_AUTHORITY_SEED_HEX, 'hex')))
  return authority
}

/** Writes the mint account (no supply yet) and funds its authority. */
export async function installTestToken(ledger: Ledger): Promise<void> {
  const signer = await mintAuthority()
  const data = new Uint8Array(getMintEncoder().encode({ mintAuthority: some(signer.address), supply: 0n, decimals: TEST_SPL_TOKEN.decimals, isInitialized: true, freezeAuthority: none() }))
  ledger.svm.setAccount({
    address: toAddress(TEST_SPL_TOKEN.mint),
    data,
    executable: false,
    lamports: lamports(ledger.svm.minimumBalanceForRentExemption(BigInt(getMintSize()))),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    space: BigInt(getMintSize()),
  })
  ledger.airdrop(signer.address, AUTHORITY_LAMPORTS)
}

/** The associated token account of `owner` for the test token. */
export async function testTokenAccountOf(owner: string): Promise<string> {
  const [ata] = await findAssociatedTokenPda({ owner: toAddress(owner), mint: toAddress(TEST_SPL_TOKEN.mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return ata
}

/**
 * Mints `amount` base units (10^-6 PTT) of the test token to `owner`'s associated token
 * account, creating it first when missing; resolves with the transaction's signature.
 */
export async function mintTestToken(ledger: Ledger, owner: string, amount: bigint): Promise<string> {
  const signer = await mintAuthority()
  const mint = toAddress(TEST_SPL_TOKEN.mint)
  const ata = toAddress(await testTokenAccountOf(owner))
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(signer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash as Blockhash, lastValidBlockHeight }, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getCreateAssociatedTokenIdempotentInstruction({ payer: signer, ata, owner: toAddress(owner), mint }),
          getMintToCheckedInstruction({ mint, token: ata, mintAuthority: signer, amount, decimals: TEST_SPL_TOKEN.decimals }),
        ],
        m,
      ),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return ledger.send(new Uint8Array(getTransactionEncoder().encode(signed)), false)
}
