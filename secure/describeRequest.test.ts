import { encodeFunctionData, erc20Abi, maxUint160, maxUint256, parseUnits, stringToHex, type Hex } from 'viem'
import {
  BLIND_SIGNING_ACKNOWLEDGEMENT,
  BLIND_SIGNING_WARNING,
  describeCall,
  describePersonalMessage,
  describeTypedData,
  formatNative,
  networkFeeField,
  PERMIT2_ADDRESS,
  type ApprovalDetails,
  type TokenLookup,
} from './describeRequest'
import { createTokenLookup } from './tokenInfo'
import type { ChainRpc } from './chainRpc'

const ACCOUNT = '0xA11ce00000000000000000000000000000000001'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const tokens: TokenLookup = async (chain, token) => (chain === 'eip155:1' && token === TOKEN ? { symbol: 'PTT', decimals: 18 } : undefined)

const field = (details: ApprovalDetails | { fields: { label: string; value: string }[] }, label: string) => {
  const fields = 'sections' in details ? details.sections.flatMap((section) => section.fields) : details.fields
  return fields.filter((entry) => entry.label === label).map((entry) => entry.value)
}

describe('personal_sign', () => {
  it('shows UTF-8 text as text', () => {
    const details = describePersonalMessage(ACCOUNT, stringToHex('Sign in to Shop\nNonce: 42'))
    expect(details.message).toEqual({ label: 'Message', text: 'Sign in to Shop\nNonce: 42' })
    expect(field(details, 'Message format')).toEqual(['UTF-8 text'])
    expect(field(details, 'Account')).toEqual([ACCOUNT])
  })

  it('shows bytes that are not text (or hide text behind control characters) as hex', () => {
    const hash = `0x${'ab'.repeat(32)}`
    expect(describePersonalMessage(ACCOUNT, hash)).toMatchObject({ message: { text: hash }, sections: [{ fields: [{}, { value: 'Hex (32 bytes, not text)' }] }] })
    const hidden = stringToHex('Buy\u202etxet')
    expect(describePersonalMessage(ACCOUNT, hidden).message!.text).toBe(hidden)
  })

  it('a message that is not 0x-hex is the text signed', () => {
    expect(describePersonalMessage(ACCOUNT, 'hello').message!.text).toBe('hello')
  })

  it('bytes that are not text (blind signing) carry a warning saying what they can mean, and a statement to tick before Approve', () => {
    const details = describePersonalMessage(ACCOUNT, `0x${'ab'.repeat(32)}`)
    expect(details.warnings).toEqual([BLIND_SIGNING_WARNING])
    expect(BLIND_SIGNING_WARNING).toMatch(/authorise a transaction or a transfer of your funds/)
    expect(details.acknowledgement).toBe(BLIND_SIGNING_ACKNOWLEDGEMENT)
    const text = describePersonalMessage(ACCOUNT, stringToHex('Sign in to Shop'))
    expect(text.warnings).toEqual([])
    expect(text.acknowledgement).toBeUndefined()
  })

  it('long text is shown whole, never cut', () => {
    const long = `${'a'.repeat(5000)} pay 0xBEEF`
    expect(describePersonalMessage(ACCOUNT, stringToHex(long)).message!.text).toBe(long)
    expect(describePersonalMessage(ACCOUNT, long).message!.text).toBe(long)
  })
})

describe('typed data, field by field', () => {
  const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
  const order = {
    domain: { name: 'Shop', chainId: 1, verifyingContract: TOKEN },
    types: {
      Order: [
        { name: 'note', type: 'string' },
        { name: 'recipient', type: 'address' },
        { name: 'amount', type: 'uint256' },
        { name: 'items', type: 'Item[]' },
        { name: 'payer', type: 'Person' },
      ],
      Item: [
        { name: 'sku', type: 'string' },
        { name: 'tags', type: 'string[]' },
      ],
      Person: [{ name: 'wallet', type: 'address' }],
    },
    primaryType: 'Order',
    // The dapp's key order differs from the types' order, and carries a key no type names.
    message: { amount: '1000', unsigned: 'not signed', payer: { wallet: ACCOUNT }, items: [{ tags: ['red', 'big'], sku: 'A-1' }], recipient: RECIPIENT, note: 'n'.repeat(2250) },
  }

  it('the recipient and amount after a 2,250-character note are shown, in the order of the types, nested structs and arrays indented', async () => {
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: order }, tokens)
    expect(details.message!.text).toBe(
      [
        `note: ${'n'.repeat(2250)}`,
        `recipient: ${RECIPIENT}`,
        'amount: 1000',
        'items: list of 1',
        '  [0] (Item):',
        '    sku: A-1',
        '    tags: list of 2',
        '      [0]: red',
        '      [1]: big',
        'payer (Person):',
        `  wallet: ${ACCOUNT}`,
      ].join('\n'),
    )
  })

  it('a field the message lacks says so; a type the types do not describe falls back to the whole message as JSON', async () => {
    const missing = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: { ...order, message: { note: 'x' } } }, tokens)
    expect(missing.message!.text).toContain('recipient: (missing)')
    const unknown = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: { ...order, primaryType: 'Other' } }, tokens)
    expect(JSON.parse(unknown.message!.text)).toEqual(order.message)
  })
})

describe('typed data', () => {
  const permit = (value: bigint) => ({
    domain: { name: 'Portico Test Token', version: '1', chainId: 1, verifyingContract: TOKEN },
    types: {},
    primaryType: 'Permit',
    message: { owner: ACCOUNT, spender: SPENDER, value: value.toString(), nonce: '0', deadline: '1900000000' },
  })

  it('EIP-2612 Permit: the contract, the spender and the amount in the token units', async () => {
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: permit(parseUnits('12.5', 18)) }, tokens)
    expect(field(details, 'Contract')).toEqual(['Portico Test Token (version 1)'])
    expect(field(details, 'Verifying contract')).toEqual([TOKEN])
    expect(field(details, 'Chain')).toEqual(['1'])
    expect(field(details, 'Type')).toEqual(['Permit'])
    expect(field(details, 'Token')).toEqual([`PTT (${TOKEN})`])
    expect(field(details, 'Spender')).toEqual([SPENDER])
    expect(field(details, 'Amount')).toEqual(['12.5 PTT'])
    expect(field(details, 'Expires')).toEqual(['2030-03-17T17:46:40Z'])
    expect(details.warnings).toEqual([])
    expect(JSON.parse(details.message!.text)).toMatchObject({ spender: SPENDER })
  })

  it('EIP-2612 Permit of 2^256-1 is flagged unlimited', async () => {
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: permit(maxUint256) }, tokens)
    expect(field(details, 'Amount')).toEqual(['Unlimited PTT'])
    expect(details.warnings).toEqual([`Unlimited approval: ${SPENDER} may spend all of your PTT (token ${TOKEN}), now and later, until you revoke it.`])
  })

  it("DAI's permit with allowed = true is unlimited", async () => {
    const typedData = {
      domain: { name: 'Dai Stablecoin', verifyingContract: TOKEN, chainId: 1 },
      primaryType: 'Permit',
      message: { holder: ACCOUNT, spender: SPENDER, nonce: 0, expiry: 0, allowed: true },
    }
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData }, tokens)
    expect(details.warnings).toHaveLength(1)
    expect(field(details, 'Amount')).toEqual(['Unlimited PTT'])
  })

  it('Permit2 PermitSingle and PermitBatch: each allowance, 2^160-1 flagged unlimited', async () => {
    const domain = { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS }
    const single = {
      domain,
      primaryType: 'PermitSingle',
      message: { details: { token: USDC, amount: maxUint160.toString(), expiration: '1900000000', nonce: '0' }, spender: SPENDER, sigDeadline: '1900000000' },
    }
    const one = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: single }, tokens)
    expect(field(one, 'Contract')).toEqual(['Permit2'])
    expect(field(one, 'Token')).toEqual([USDC])
    expect(field(one, 'Amount')).toEqual(['Unlimited'])
    expect(one.warnings).toEqual([`Unlimited approval: ${SPENDER} may spend all of your tokens (token ${USDC}), now and later, until you revoke it.`])

    const batch = {
      domain,
      primaryType: 'PermitBatch',
      message: {
        details: [
          { token: TOKEN, amount: parseUnits('3', 18).toString(), expiration: '1900000000', nonce: '0' },
          { token: USDC, amount: maxUint256.toString(), expiration: '1900000000', nonce: '0' },
        ],
        spender: SPENDER,
        sigDeadline: '1900000000',
      },
    }
    const two = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData: batch }, tokens)
    expect(two.sections.map((section) => section.heading)).toEqual([undefined, 'Allowance 1', 'Allowance 2'])
    expect(field(two, 'Amount')).toEqual(['3 PTT', 'Unlimited'])
    expect(two.warnings).toHaveLength(1)
  })

  it('Permit2 SignatureTransfer: the permitted amount', async () => {
    const typedData = {
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
      primaryType: 'PermitTransferFrom',
      message: { permitted: { token: TOKEN, amount: parseUnits('1', 18).toString() }, spender: SPENDER, nonce: '1', deadline: '1900000000' },
    }
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData }, tokens)
    expect(field(details, 'Amount')).toEqual(['1 PTT'])
    expect(details.warnings).toEqual([])
  })

  it('other typed data: the domain, the type and the full message; a domain for another chain is warned about', async () => {
    const typedData = { domain: { name: 'Shop', chainId: 10 }, primaryType: 'Order', message: { item: 'tea' } }
    const details = await describeTypedData({ account: ACCOUNT, chain: 'eip155:1', typedData }, tokens)
    expect(details.sections).toHaveLength(1)
    expect(field(details, 'Type')).toEqual(['Order'])
    expect(details.message).toEqual({ label: 'Full message', text: JSON.stringify({ item: 'tea' }, null, 2) })
    expect(details.warnings).toEqual(['This signature is for chain 10; the wallet is on eip155:1.'])
  })
})

describe('transactions', () => {
  it('value in ETH, exactly', async () => {
    expect(formatNative(1_500_000_000_000_000_000n)).toBe('1.5 ETH')
    expect(formatNative(1n)).toBe('0.000000000000000001 ETH')
    const plain = await describeCall('eip155:1', { to: SPENDER, value: '0xde0b6b3a7640000' }, tokens)
    expect(plain).toEqual({
      fields: [
        { label: 'To', value: SPENDER },
        { label: 'Value', value: '1 ETH' },
      ],
      warnings: [],
    })
  })

  it('ERC-20 approve(spender, max) is decoded and flagged unlimited', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    const { fields, warnings } = await describeCall('eip155:1', { to: TOKEN, data }, tokens)
    expect(fields).toContainEqual({ label: 'Function', value: 'approve (0x095ea7b3)' })
    expect(field({ fields }, 'Spender')).toEqual([SPENDER])
    expect(field({ fields }, 'Amount')).toEqual(['Unlimited PTT'])
    expect(warnings).toHaveLength(1)
  })

  it('ERC-20 transfer: recipient and amount in token units; unknown data shows its selector', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [SPENDER, parseUnits('2', 18)] })
    const transfer = await describeCall('eip155:1', { to: TOKEN, data }, tokens)
    expect(field(transfer, 'Recipient')).toEqual([SPENDER])
    expect(field(transfer, 'Amount')).toEqual(['2 PTT'])
    const unknownToken = await describeCall('eip155:1', { to: USDC, data }, tokens)
    expect(field(unknownToken, 'Amount')).toEqual([`${parseUnits('2', 18)} (base units; the token's decimals are unknown)`])
    const other = await describeCall('eip155:1', { to: TOKEN, data: '0xdeadbeef00' }, tokens)
    expect(field(other, 'Data')).toEqual(['0xdeadbeef (5 bytes, not decoded)'])
  })
})

describe('token symbol and decimals from the chain', () => {
  const answers: Record<string, Hex> = {
    [encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' })]: `0x${'0'.repeat(62)}06`,
    [encodeFunctionData({ abi: erc20Abi, functionName: 'symbol' })]: `0x${(32).toString(16).padStart(64, '0')}${'4'.padStart(64, '0')}${'55534443'.padEnd(64, '0')}`,
  }
  const rpc: ChainRpc = {
    has: (chain) => chain === 'eip155:1',
    request: async (_chain, method, params) => {
      if (method !== 'eth_call') throw new Error(method)
      const data = answers[(params as [{ data: Hex }])[0].data]
      if (data === undefined) throw new Error('execution reverted')
      return data
    },
  }

  it('reads decimals() and symbol(); undefined where the chain is unknown or the contract does not answer', async () => {
    const lookup = createTokenLookup(rpc)
    expect(await lookup('eip155:1', USDC)).toEqual({ symbol: 'USDC', decimals: 6 })
    expect(await lookup('eip155:999', USDC)).toBeUndefined()
    const silent = createTokenLookup({ ...rpc, request: async () => '0x' })
    expect(await silent('eip155:1', USDC)).toBeUndefined()
  })
})

describe('the network fee line of a smart-account send', () => {
  it('names the dapp when it sponsors the gas, and the most the account pays otherwise', () => {
    expect(networkFeeField({ sponsored: true }, 'Shop')).toEqual({ label: 'Network fee', value: 'paid by Shop' })
    expect(networkFeeField({ sponsored: false, fee: 21_000_000_000_000n }, 'Shop')).toEqual({ label: 'Network fee', value: 'up to 0.000021 ETH' })
    expect(networkFeeField({ sponsored: false }, 'Shop')).toEqual({ label: 'Network fee', value: 'paid by this account' })
  })
})
