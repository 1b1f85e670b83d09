// The stand-in's test SPL token, read as a dapp or a server reads it: through
// @solana/kit's RPC client and @solana-program/token's account fetchers, and through the
// jsonParsed encoding validators answer.
import { createHash } from 'node:crypto'

import { fetchMint, fetchToken, findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { address, createKeyPairSignerFromPrivateKeyBytes, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'

import { startSolanaRpc, TEST_SPL_TOKEN, testTokenAccountOf, type SolanaRpc } from '.'

let stand: SolanaRpc
let rpc: ReturnType<typeof createSolanaRpc>
beforeAll(async () => {
  stand = await startSolanaRpc()
  rpc = createSolanaRpc(stand.url)
})
afterAll(() => stand.stop())

const mint = address(TEST_SPL_TOKEN.mint)
const raw = async (method: string, params: unknown[]) => {
  const response = await fetch(stand.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return (await response.json()) as { result?: { value: unknown }; error?: { code: number; message: string } }
}

describe('the test SPL token of the Solana stand-in', () => {
  it('exists at start at its documented address (the public key of its fixed seed) with 6 decimals', async () => {
    const seed = createHash('sha256').update('portico dev solana test token mint').digest()
    expect((await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))).address).toBe(TEST_SPL_TOKEN.mint)
    const account = await fetchMint(rpc, mint)
    expect(account.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(account.data).toMatchObject({ decimals: 6, isInitialized: true, supply: expect.any(BigInt) })
    const { value } = await rpc.getAccountInfo(mint, { encoding: 'jsonParsed' }).send()
    expect(value?.data).toMatchObject({ program: 'spl-token', parsed: { type: 'mint', info: { decimals: 6, isInitialized: true, freezeAuthority: null } }, space: 82n })
  })

  it("mints to a fresh address: its associated token account is created and holds the amount, in the validator's shapes", async () => {
    const owner = (await generateKeyPairSigner()).address
    const supplyBefore = (await rpc.getTokenSupply(mint).send()).value.amount
    const signature = await stand.mintTestToken(owner, 2_500_000n)
    expect((await rpc.getSignatureStatuses([signature as never]).send()).value[0]).toMatchObject({ err: null })

    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    expect(await testTokenAccountOf(owner)).toBe(ata)
    expect((await fetchToken(rpc, ata)).data).toMatchObject({ mint, owner, amount: 2_500_000n })
    await expect(rpc.getTokenAccountBalance(ata).send()).resolves.toMatchObject({ value: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' } })
    expect((await rpc.getTokenSupply(mint).send()).value.amount).toBe(String(BigInt(supplyBefore) + 2_500_000n))

    const { value: accounts } = await rpc.getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send()
    expect(accounts).toEqual([
      {
        pubkey: ata,
        account: expect.objectContaining({
          owner: TOKEN_PROGRAM_ADDRESS,
          data: {
            program: 'spl-token',
            parsed: {
              type: 'account',
              info: { isNative: false, mint, owner, state: 'initialized', tokenAmount: { amount: '2500000', decimals: 6, uiAmount: 2.5, uiAmountString: '2.5' } },
            },
            space: 165n,
          },
        }),
      },
    ])
    const byMint = await rpc.getTokenAccountsByOwner(owner, { mint }, { encoding: 'base64' }).send()
    expect(byMint.value.map((a) => a.pubkey)).toEqual([ata])
  })

  it('mints again into the same account, and lists nothing for an owner without token accounts', async () => {
    const owner = (await generateKeyPairSigner()).address
    await stand.mintTestToken(owner, 1n)
    await stand.mintTestToken(owner, 999_999n)
    const { value } = await rpc.getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' }).send()
    expect(value).toHaveLength(1)
    expect((value[0]!.account.data as { parsed: { info: { tokenAmount: { uiAmountString: string } } } }).parsed.info.tokenAmount.uiAmountString).toBe('1')
    const stranger = (await generateKeyPairSigner()).address
    expect((await rpc.getTokenAccountsByOwner(stranger, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send()).value).toEqual([])
  })

  it('refuses token reads of an account that is no token account, as a validator does', async () => {
    const plain = (await generateKeyPairSigner()).address
    stand.airdrop(plain, 1_000_000n)
    await expect(raw('getTokenAccountBalance', [plain])).resolves.toMatchObject({ error: { code: -32602 } })
    await expect(raw('getTokenAccountsByOwner', [plain, {}])).resolves.toMatchObject({ error: { code: -32602 } })
    // jsonParsed of an account no parser knows falls back to base64.
    expect((await rpc.getAccountInfo(plain, { encoding: 'jsonParsed' }).send()).value?.data).toEqual(['', 'base64'])
  })
})
