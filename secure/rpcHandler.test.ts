import { generateKeyPairSync, verify as ed25519Verify } from 'node:crypto'
import { parseTransaction, recoverTransactionAddress, stringToHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { AllowedRpcMethods } from '../src/frame/rpc'
import { parseSolanaTransaction } from '../src/shared/solanaTransaction'
import { createRpcHandler, smartAccountCallWarning, type RpcContext } from './rpcHandler'
import { ReplyError } from './replyError'
import { SAFE_4337_MODULE_ADDRESS } from './ownerKeyGuard'
import { createFakeApi, createFakeChain, evmAccount, signAsFakeUser, type FakeApi, type FakeChain } from './test/fakes'
import type { ApprovalRequest } from './approval'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

/** The smart account the test EOA owns (the owner-key guard's tests). */
const SMART = '0x5AFe00000000000000000000000000000000a11C'

function setup({ signedIn = true, approve = true, chain = 'eip155:1' } = {}) {
  const api: FakeApi = createFakeApi()
  const rpc: FakeChain = createFakeChain()
  const approvals: ApprovalRequest[] = []
  const context: RpcContext = {
    chainId: () => chain,
    addresses: () => (signedIn ? { eip155: evmAccount.address, solana: api.solana.address } : undefined),
    sign: signAsFakeUser(api),
    rpc,
    approver: {
      confirm: async (request) => {
        approvals.push(request)
        return approve
      },
    },
    ownedSmartAccount: async () => SMART,
    parentOrigin: 'https://shop.example',
    dappName: () => 'Shop',
    randomUUID: () => crypto.randomUUID(),
  }
  return { handle: createRpcHandler(context), api, rpc, approvals }
}

async function rejection(promise: Promise<unknown>): Promise<ReplyError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof ReplyError) return error
    throw error
  }
  throw new Error('expected a ReplyError')
}

describe('allowed methods only (SPEC §5)', () => {
  it.each([
    'eth_sign',
    'eth_signTransaction',
    'eth_sendRawTransaction',
    'eth_signTypedData_v3',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'personal_ecRecover',
    'eth_coinbase',
    'admin_peers',
    'toString',
  ])('%s is rejected with a clear error (4200)', async (method) => {
    const { handle, rpc, approvals } = setup()
    const error = await rejection(handle({ method, params: [] }))
    expect(error.message).toBe(`RPC method '${method}' is not allowed by the embedded wallet`)
    expect(error.code).toBe(4200)
    expect(rpc.calls).toEqual([])
    expect(approvals).toEqual([])
  })

  it('bad params are -32602 with the schema path', async () => {
    const { handle } = setup()
    const error = await rejection(handle({ method: 'eth_getBalance', params: ['nope'] }))
    expect(error.code).toBe(-32602)
    expect(error.message).toMatch(/^eth_getBalance: params\/0: /)
  })
})

describe('reads', () => {
  it('go to the chain RPC of the request’s chain, without asking the visitor', async () => {
    const { handle, rpc, approvals } = setup()
    expect(await handle({ method: 'eth_blockNumber', params: [] })).toBe('0x10')
    expect(await handle({ method: 'eth_getBalance', params: [evmAccount.address, 'latest'], chainId: 10 })).toBe('0xde0b6b3a7640000')
    expect(rpc.calls.map(({ chainId, method }) => `${chainId} ${method}`)).toEqual(['eip155:1 eth_blockNumber', 'eip155:10 eth_getBalance'])
    expect(approvals).toEqual([])
  })

  it('eth_chainId and eth_accounts are answered by the wallet itself', async () => {
    const { handle, rpc } = setup({ chain: 'eip155:8453' })
    expect(await handle({ method: 'eth_chainId', params: [] })).toBe('0x2105')
    expect(await handle({ method: 'eth_accounts', params: [] })).toEqual([evmAccount.address])
    expect(await setup({ signedIn: false }).handle({ method: 'eth_requestAccounts', params: [] })).toEqual([])
    expect(rpc.calls).toEqual([])
  })

  it('a chain without an RPC url says so', async () => {
    const { handle } = setup({ chain: 'eip155:999' })
    await expect(handle({ method: 'eth_blockNumber', params: [] })).rejects.toThrow('no chain eip155:999')
  })
})

describe('signing (approved in the frame, signed with the key rebuilt there)', () => {
  it('personal_sign: a real signature, after the visitor approved the decoded text', async () => {
    const { handle, approvals } = setup()
    const signature = (await handle({ method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] })) as Hex
    expect(await verifyMessage({ address: evmAccount.address, message: 'hello', signature })).toBe(true)
    expect(approvals).toEqual([
      {
        method: 'personal_sign',
        origin: 'https://shop.example',
        dappName: 'Shop',
        details: {
          sections: [
            {
              fields: [
                { label: 'Account', value: evmAccount.address },
                { label: 'Message format', value: 'UTF-8 text' },
              ],
            },
          ],
          message: { label: 'Message', text: 'hello' },
          warnings: [],
        },
      },
    ])
  })

  it('a declined approval is 4001 and nothing is signed', async () => {
    const { handle, api } = setup({ approve: false })
    const error = await rejection(handle({ method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] }))
    expect(error.code).toBe(4001)
    expect(api.calls.filter((call) => call.startsWith('sign'))).toEqual([])
  })

  it("another address than the wallet's is 4100", async () => {
    const { handle } = setup()
    const error = await rejection(handle({ method: 'personal_sign', params: ['0x68', '0x000000000000000000000000000000000000dEaD'] }))
    expect(error.code).toBe(4100)
  })

  it('signed out is 4100', async () => {
    const error = await rejection(setup({ signedIn: false }).handle({ method: 'personal_sign', params: ['0x68', evmAccount.address] }))
    expect(error).toMatchObject({ code: 4100, message: 'Sign in to the embedded wallet first' })
  })

  it('eth_signTypedData_v4 (JSON string or object): a real EIP-712 signature', async () => {
    const { handle } = setup()
    const typedData = {
      domain: { name: 'Shop', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'Hello' },
    } as const
    for (const param of [JSON.stringify(typedData), typedData]) {
      const signature = (await handle({ method: 'eth_signTypedData_v4', params: [evmAccount.address, param] })) as Hex
      expect(await verifyTypedData({ address: evmAccount.address, ...typedData, signature })).toBe(true)
    }
    expect((await rejection(handle({ method: 'eth_signTypedData_v4', params: [evmAccount.address, '{not json'] }))).code).toBe(-32602)
  })

  it('eth_sendTransaction: fills nonce, gas and EIP-1559 fees from the chain, signs, sends, returns the hash', async () => {
    const { handle, rpc, approvals } = setup()
    const hash = await handle({ method: 'eth_sendTransaction', params: [{ to: '0x000000000000000000000000000000000000dEaD', value: '0xde0b6b3a7640000' }] })
    const raw = rpc.calls.find(({ method }) => method === 'eth_sendRawTransaction')!.params as [Hex]
    const tx = parseTransaction(raw[0])
    expect(tx).toMatchObject({ chainId: 1, nonce: 5, gas: 21000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, value: 10n ** 18n, type: 'eip1559' })
    expect(await recoverTransactionAddress({ serializedTransaction: raw[0] as never })).toBe(evmAccount.address)
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(approvals[0]!.details.sections).toEqual([
      {
        fields: [
          { label: 'From', value: evmAccount.address },
          { label: 'Network', value: 'eip155:1' },
          { label: 'To', value: '0x000000000000000000000000000000000000dEaD' },
          { label: 'Value', value: '1 ETH' },
        ],
      },
    ])
  })

  it('eth_sendTransaction on a chain without base fees uses a legacy gas price', async () => {
    const { handle, rpc } = setup()
    rpc.answers.eth_getBlockByNumber = { number: '0x1' }
    await handle({ method: 'eth_sendTransaction', params: [{ to: evmAccount.address, data: '0xdeadbeef' }] })
    const raw = rpc.calls.find(({ method }) => method === 'eth_sendRawTransaction')!.params as [Hex]
    expect(parseTransaction(raw[0])).toMatchObject({ type: 'legacy', gasPrice: 20_000_000_000n, data: '0xdeadbeef' })
  })

  it('refuses to sign for a chain id past 2^53, which a number would round to another chain', async () => {
    const { handle, rpc } = setup({ chain: 'eip155:9007199254740993' })
    const refused = await rejection(handle({ method: 'eth_sendTransaction', params: [{ to: evmAccount.address }] }))
    expect(refused).toMatchObject({ code: 4901, message: 'Chain id 9007199254740993 is too large for this wallet' })
    expect(rpc.calls.find(({ method }) => method === 'eth_sendRawTransaction')).toBeUndefined()
  })

  it('eth_sendTransaction for another chain than the wallet’s is refused', async () => {
    const { handle } = setup()
    expect((await rejection(handle({ method: 'eth_sendTransaction', params: [{ to: evmAccount.address, chainId: '0xa' }] }))).code).toBe(4901)
  })
})

describe('EIP-5792 calls', () => {
  const call = { to: '0x000000000000000000000000000000000000dEaD', value: '0x1' } as const

  it('wallet_sendCalls sends each call with consecutive nonces; wallet_getCallsStatus reads their receipts', async () => {
    const { handle, rpc, approvals } = setup()
    const { id } = (await handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', calls: [call, { ...call, data: '0x12' }] }] })) as { id: string }
    expect(approvals).toHaveLength(1)
    const raws = rpc.calls.filter(({ method }) => method === 'eth_sendRawTransaction').map(({ params }) => parseTransaction((params as [Hex])[0]))
    expect(raws.map((tx) => tx.nonce)).toEqual([5, 6])
    expect(await handle({ method: 'wallet_getCallsStatus', params: [id] })).toMatchObject({ id, chainId: '0x1', status: 200, atomic: false, receipts: [{ status: '0x1' }, { status: '0x1' }] })
    rpc.answers.eth_getTransactionReceipt = null
    expect(await handle({ method: 'wallet_getCallsStatus', params: [id] })).toMatchObject({ status: 100 })
    expect((await rejection(handle({ method: 'wallet_getCallsStatus', params: ['unknown'] }))).code).toBe(5730)
  })

  it("SPEC §5: a call's 'to' must start with 0x, and its data too", async () => {
    const { handle, rpc } = setup()
    const bad = [{ to: '000000000000000000000000000000000000dEaD' }, { to: call.to, data: 'deadbeef' }, { data: '0x' }]
    for (const entry of bad) {
      const error = await rejection(handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', calls: [entry] }] }))
      expect(error.code).toBe(-32602)
      expect(error.message).toMatch(/^wallet_sendCalls: params\/0\/calls\/0/)
    }
    expect(rpc.calls).toEqual([])
  })

  it('atomic calls, another chain and a reused id are refused with their EIP-5792 codes', async () => {
    const { handle } = setup()
    expect((await rejection(handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', atomicRequired: true, calls: [call] }] }))).code).toBe(5760)
    expect((await rejection(handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0xa', calls: [call] }] }))).code).toBe(5710)
    await handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', id: 'mine', chainId: '0x1', calls: [call] }] })
    expect((await rejection(handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', id: 'mine', chainId: '0x1', calls: [call] }] }))).code).toBe(5720)
  })

  it('an EOA refuses a required ERC-7677 paymasterService (5700) and a malformed one (-32602); an optional one is ignored', async () => {
    const { handle, rpc } = setup()
    const send = (paymasterService: unknown) => handle({ method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x1', calls: [call], capabilities: { paymasterService } }] })
    const required = await rejection(send({ url: 'https://paymaster.example/rpc' }))
    expect({ code: required.code, message: required.message }).toEqual({ code: 5700, message: 'This account cannot use a paymaster: only the smart account sends user operations' })
    expect((await rejection(send({ url: 'javascript:alert(1)' }))).code).toBe(-32602)
    expect(rpc.calls).toEqual([])
    await expect(send({ url: 'https://paymaster.example/rpc', optional: true })).resolves.toMatchObject({ id: expect.any(String) })
  })

  it('SPEC §5: wallet_getCapabilities needs an address (the wallet’s own)', async () => {
    const { handle } = setup()
    expect(await handle({ method: 'wallet_getCapabilities', params: [evmAccount.address, ['0x1', '0xa']] })).toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
      '0xa': { atomic: { status: 'unsupported' } },
    })
    expect((await rejection(handle({ method: 'wallet_getCapabilities', params: [] }))).code).toBe(-32602)
    expect((await rejection(handle({ method: 'wallet_getCapabilities' }))).code).toBe(-32602)
    expect((await rejection(handle({ method: 'wallet_getCapabilities', params: ['0x000000000000000000000000000000000000dEaD'] }))).code).toBe(4100)
  })

  it('wallet_getAssets reads native balances of the chains asked for that have an RPC', async () => {
    const { handle } = setup()
    expect(await handle({ method: 'wallet_getAssets', params: [{ account: evmAccount.address, chainFilter: ['0x1', '0x3e7'] }] })).toEqual({
      '0x1': [{ address: 'native', balance: '0xde0b6b3a7640000', type: 'native' }],
    })
  })

  it('permissions need a smart account: refused with 4200', async () => {
    const { handle } = setup()
    for (const method of ['wallet_grantPermissions', 'wallet_revokePermissions']) {
      expect((await rejection(handle({ method, params: [{}] }))).code).toBe(4200)
    }
  })
})

describe('the owner key of a smart account signs nothing the smart account would accept (issue 25)', () => {
  const signCalls = (api: FakeApi) => api.calls.filter((call) => call.startsWith('sign'))

  it.each([
    ['a 32-byte hash (a user-operation hash)', `0x${'ab'.repeat(32)}`],
    ['32 bytes of hex that read as text', stringToHex('thirty-two bytes of plain text!!')],
    ['32 characters of text', 'thirty-two bytes of plain text!!'],
  ])('personal_sign of %s is refused with 4100, before any prompt, naming the smart account', async (_what, message) => {
    const { handle, api, approvals } = setup()
    const error = await rejection(handle({ method: 'personal_sign', params: [message, evmAccount.address] }))
    expect(error.code).toBe(4100)
    expect(error.message).toBe(
      `Refused: this key is the owner key of smart account ${SMART}, and its signature of a 32-byte message (such as a user-operation hash) could authorise a transaction from that account. Use the smart account to sign it.`,
    )
    expect(approvals).toEqual([])
    expect(signCalls(api)).toEqual([])
  })

  it('messages of 31 and 33 bytes are signed after the prompt', async () => {
    const { handle, approvals } = setup()
    for (const message of [`0x${'ab'.repeat(31)}`, `0x${'ab'.repeat(33)}`]) {
      const signature = (await handle({ method: 'personal_sign', params: [message, evmAccount.address] })) as Hex
      expect(await verifyMessage({ address: evmAccount.address, message: { raw: message as Hex }, signature })).toBe(true)
    }
    expect(approvals).toHaveLength(2)
  })

  it('a transaction from the owner key that calls its smart account is shown with a warning that it can move everything the account holds', async () => {
    const { handle, approvals } = setup()
    const execute = `0xb61d27f6${'00'.repeat(96)}`
    await handle({ method: 'eth_sendTransaction', params: [{ from: evmAccount.address, to: SMART, data: execute, gas: '0x5208', maxFeePerGas: '0x1', nonce: '0x0' }] })
    expect(approvals[0]!.details.warnings).toEqual([smartAccountCallWarning(SMART)])
    // A plain transfer of ETH to it is no call.
    await handle({ method: 'eth_sendTransaction', params: [{ from: evmAccount.address, to: SMART, value: '0x1', gas: '0x5208', maxFeePerGas: '0x1', nonce: '0x0' }] })
    expect(approvals[1]!.details.warnings).toEqual([])
  })

  // The Safe's own typed data (safe-contracts 1.4.1, Safe4337Module 0.3.0), in the shape a hostile dapp would send.
  const safeTx = (chainId: number, verifyingContract: string) => ({
    domain: { chainId, verifyingContract },
    types: {
      SafeTx: [
        { name: 'to', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'data', type: 'bytes' },
        { name: 'operation', type: 'uint8' },
        { name: 'safeTxGas', type: 'uint256' },
        { name: 'baseGas', type: 'uint256' },
        { name: 'gasPrice', type: 'uint256' },
        { name: 'gasToken', type: 'address' },
        { name: 'refundReceiver', type: 'address' },
        { name: 'nonce', type: 'uint256' },
      ],
    },
    primaryType: 'SafeTx',
    message: {
      to: '0x000000000000000000000000000000000000dEaD',
      value: '900000000000000000',
      data: '0x',
      operation: 0,
      safeTxGas: 0,
      baseGas: 0,
      gasPrice: 0,
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: '0x0000000000000000000000000000000000000000',
      nonce: 0,
    },
  })
  const safeMessage = (chainId: number, verifyingContract: string) => ({
    domain: { chainId, verifyingContract },
    types: { SafeMessage: [{ name: 'message', type: 'bytes' }] },
    primaryType: 'SafeMessage',
    message: { message: `0x${'ab'.repeat(32)}` },
  })
  const safeOp = (chainId: number) => ({
    ...safeMessage(chainId, SAFE_4337_MODULE_ADDRESS),
    types: {
      SafeOp: [
        { name: 'safe', type: 'address' },
        { name: 'callData', type: 'bytes' },
      ],
    },
    primaryType: 'SafeOp',
    message: { safe: SMART, callData: '0x' },
  })
  it.each([
    ['a SafeTx for the smart account (execTransaction)', safeTx(1, SMART)],
    ['a SafeTx for the smart account on another chain, the address in lower case', safeTx(10, SMART.toLowerCase())],
    ['a SafeMessage for the smart account (ERC-1271)', safeMessage(1, SMART)],
    ["a SafeOp in the domain of Safe's 4337 module (a user operation)", safeOp(1)],
    ["a SafeOp of another chain, the module's address in lower case", { ...safeOp(8453), domain: { chainId: 8453, verifyingContract: SAFE_4337_MODULE_ADDRESS.toLowerCase() } }],
  ])('eth_signTypedData_v4 with %s is refused with 4100 before any prompt', async (_what, typedData) => {
    const { handle, api, approvals } = setup()
    const error = await rejection(handle({ method: 'eth_signTypedData_v4', params: [evmAccount.address, JSON.stringify(typedData)] }))
    expect(error.code).toBe(4100)
    expect(error.message).toContain(`owner key of smart account ${SMART}`)
    expect(approvals).toEqual([])
    expect(signCalls(api)).toEqual([])
  })

  it("a SafeTx for another Safe (a multisig the EOA is an owner of) goes to the visitor's prompt", async () => {
    const { handle, approvals } = setup()
    await handle({ method: 'eth_signTypedData_v4', params: [evmAccount.address, JSON.stringify(safeTx(1, '0x000000000000000000000000000000000000bEEF'))] })
    expect(approvals).toHaveLength(1)
  })
})

describe('Solana signing', () => {
  /** A legacy transaction message with `signers` as its signing keys, serialized with empty signature slots. */
  function solanaTransaction(signers: Uint8Array[]): string {
    const other = new Uint8Array(32).fill(7)
    const message = [signers.length, 0, 1, signers.length + 1, ...signers.flatMap((key) => [...key]), ...other, ...new Uint8Array(32).fill(9), 0]
    return getBase64Decoder().decode(new Uint8Array([signers.length, ...new Uint8Array(64 * signers.length), ...message]))
  }
  const publicKeyOf = (api: FakeApi) => new Uint8Array(getBase58Encoder().encode(api.solana.address))
  const publicKeyObject = (api: FakeApi) => {
    const key = generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' })
    return { key: { ...key, x: Buffer.from(publicKeyOf(api)).toString('base64url') }, format: 'jwk' as const }
  }

  it('solana_signMessage: a real ed25519 signature of the base58 message', async () => {
    const { handle, api } = setup({ chain: SOLANA })
    const message = new TextEncoder().encode('hello solana')
    const { signature } = (await handle({ method: 'solana_signMessage', params: { message: getBase58Decoder().decode(message), pubkey: api.solana.address } })) as { signature: string }
    expect(ed25519Verify(null, message, publicKeyObject(api), new Uint8Array(getBase58Encoder().encode(signature)))).toBe(true)
    expect((await rejection(handle({ method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: '11111111111111111111111111111111' } }))).code).toBe(4100)
  })

  it('solana_signTransaction: the signature goes in the wallet’s slot', async () => {
    const { handle, api } = setup({ chain: SOLANA })
    const other = new Uint8Array(32).fill(3)
    const transaction = solanaTransaction([other, publicKeyOf(api)])
    const result = (await handle({ method: 'solana_signTransaction', params: { transaction } })) as { signature: string; transaction: string }
    const parsed = parseSolanaTransaction(new Uint8Array(getBase64Encoder().encode(result.transaction)))!
    const signature = parsed.signatures[api.solana.address]!
    expect(parsed.signers).toEqual([getBase58Decoder().decode(other), api.solana.address])
    expect(parsed.signatures[getBase58Decoder().decode(other)]).toBeNull() // the other slot stays empty
    expect(getBase58Decoder().decode(signature)).toBe(result.signature)
    expect(ed25519Verify(null, parsed.message, publicKeyObject(api), signature)).toBe(true)
  })

  it('a transaction that does not list the wallet, or is not one, is refused', async () => {
    const { handle } = setup({ chain: SOLANA })
    expect((await rejection(handle({ method: 'solana_signTransaction', params: { transaction: solanaTransaction([new Uint8Array(32).fill(3)]) } }))).code).toBe(4100)
    expect((await rejection(handle({ method: 'solana_signTransaction', params: { transaction: 'AAAA' } }))).code).toBe(-32602)
  })

  it('solana_signAllTransactions and solana_signAndSendTransaction', async () => {
    const { handle, api, rpc } = setup({ chain: SOLANA })
    const transaction = solanaTransaction([publicKeyOf(api)])
    const all = (await handle({ method: 'solana_signAllTransactions', params: { transactions: [transaction, transaction] } })) as { transactions: string[] }
    expect(all.transactions).toHaveLength(2)
    expect(await handle({ method: 'solana_signAndSendTransaction', params: { transaction } })).toEqual({ signature: '5'.repeat(88) })
    expect(rpc.calls.at(-1)).toMatchObject({ chainId: SOLANA, method: 'sendTransaction', params: [expect.any(String), { encoding: 'base64' }] })
  })
})

describe('Solana approval prompt', () => {
  it('shows what an SPL send does: the receiver (owner of the token account, read from the chain), the token and the exact amount', async () => {
    const { handle, api, rpc, approvals } = setup({ chain: SOLANA })
    const owner = address(api.solana.address)
    const receiver = (await generateKeyPairSigner()).address
    const mint = address('HBuBHP1TbEuEQcFf4rrtQTUgs6qFt7QbAK8KVputePGp')
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
      findAssociatedTokenPda({ owner: receiver, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    ])
    rpc.answers.getAccountInfo = { value: { data: { program: 'spl-token', parsed: { type: 'account', info: { owner: receiver, mint } } } } }
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(owner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1n }, m),
      (m) => appendTransactionMessageInstruction(getTransferCheckedInstruction({ source, mint, destination, authority: createNoopSigner(owner), amount: 2_500_000n, decimals: 6 }), m),
    )
    const transaction = getBase64EncodedWireTransaction(compileTransaction(message))
    await handle({ method: 'solana_signAndSendTransaction', params: { transaction } })
    expect(rpc.calls[0]).toEqual({ chainId: SOLANA, method: 'getAccountInfo', params: [destination, { encoding: 'jsonParsed' }] })
    expect(approvals[0]!.details.sections).toEqual([
      {
        fields: [
          { label: 'Account', value: owner },
          { label: 'Network', value: SOLANA },
          { label: 'Action', value: 'Send 1 transaction' },
        ],
      },
      {
        heading: 'Instruction 1: Send SPL token',
        fields: [
          { label: 'Token (mint)', value: mint },
          { label: 'Amount', value: '2.5 (2500000 base units, 6 decimals)' },
          { label: 'Receiver', value: receiver },
        ],
      },
    ])
  })
})

describe('solana_signAllTransactions prompt (issue 25)', () => {
  async function solTransfer(from: string, to: string, lamports: bigint): Promise<string> {
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(from), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1n }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(address(from)), destination: address(to), amount: lamports }), m),
    )
    return getBase64EncodedWireTransaction(compileTransaction(message))
  }

  it('decodes every transaction of the batch (instruction, amount, receiver) and shows the Solana network', async () => {
    const { handle, api, approvals } = setup({ chain: SOLANA })
    const [first, second] = [(await generateKeyPairSigner()).address, (await generateKeyPairSigner()).address]
    const transactions = [await solTransfer(api.solana.address, first, 1_500_000_000n), await solTransfer(api.solana.address, second, 2_000n)]
    const { transactions: signed } = (await handle({ method: 'solana_signAllTransactions', params: { transactions } })) as { transactions: string[] }
    expect(signed).toHaveLength(2)
    expect(approvals[0]!.details.sections).toEqual([
      {
        fields: [
          { label: 'Account', value: api.solana.address },
          { label: 'Network', value: SOLANA },
          { label: 'Action', value: 'Sign 2 transactions' },
        ],
      },
      {
        heading: 'Transaction 1 of 2, Instruction 1: Send SOL',
        fields: [
          { label: 'Amount', value: '1.5 SOL' },
          { label: 'Receiver', value: first },
        ],
      },
      {
        heading: 'Transaction 2 of 2, Instruction 1: Send SOL',
        fields: [
          { label: 'Amount', value: '0.000002 SOL' },
          { label: 'Receiver', value: second },
        ],
      },
    ])
  })

  it('one transaction that cannot be decoded refuses the whole batch: no prompt, nothing signed', async () => {
    const { handle, api, approvals } = setup({ chain: SOLANA })
    const good = await solTransfer(api.solana.address, (await generateKeyPairSigner()).address, 1n)
    const error = await rejection(handle({ method: 'solana_signAllTransactions', params: { transactions: [good, 'AAAAAAAAAAAA'] } }))
    expect(error).toMatchObject({ code: -32602, message: 'Transaction 2 of 2 is not a Solana transaction the wallet can show, so the batch is refused' })
    expect(approvals).toEqual([])
    expect(api.calls.filter((call) => call.startsWith('sign'))).toEqual([])
  })

  it('on an EVM chain the prompt does not show that chain as the network', async () => {
    const { handle, api, approvals } = setup({ chain: 'eip155:1' })
    await handle({ method: 'solana_signAllTransactions', params: { transactions: [await solTransfer(api.solana.address, (await generateKeyPairSigner()).address, 1n)] } })
    const network = approvals[0]!.details.sections[0]!.fields.find((field) => field.label === 'Network')!.value
    expect(network).toMatch(/^Solana /)
    expect(network).not.toContain('eip155')
  })
})

describe('helpers', () => {
  it('every allowed method has a handler path (none falls through to "not allowed")', async () => {
    const { handle } = setup()
    for (const method of AllowedRpcMethods) {
      const error = await handle({ method, params: [] }).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      if (error instanceof ReplyError) expect(error.message).not.toMatch(/is not allowed/)
    }
  })
})
