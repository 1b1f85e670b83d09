import { ValidationError } from '../errors'
import { bip122 } from '../plugins/bip122/plugin'
import { eip155 } from '../plugins/eip155/plugin'
import { createPluginRegistry } from '../plugins/registry'
import { solana } from '../plugins/solana/plugin'
import { AMOUNT_OVER_BALANCE_MESSAGE, isSendValid, TOO_MANY_DECIMALS_MESSAGE, validateSend, type SendInput } from './send'

type Token = { symbol: string; address?: string }
const eth: Token = { symbol: 'ETH' }
const evmReceiver = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const solReceiver = 'So11111111111111111111111111111111111111112'

// The rules come from the namespace plugins, as Portico's Send view and send saga take
// them: whether the plugin sends, and its address rule, from the registry.
const registry = createPluginRegistry([eip155(), solana(), bip122()])
const rulesOf = (namespace: string) => {
  const plugin = registry.getPlugin(namespace)!
  return { chainNamespace: namespace, canSend: plugin.features.send, isAddress: plugin.isAddress }
}
const valid: SendInput<Token> = { amount: '0.5', receiverAddress: evmReceiver, token: eth, ...rulesOf('eip155') }

function failure(input: SendInput<Token>): ValidationError {
  try {
    validateSend(input)
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected validateSend to throw')
}

// SPEC §5: "Send requires an amount and a receiver address, and a token. Only the eip155
// and solana namespaces are supported." (the built-in plugins' `features.send`). SPEC §8
// gives the three messages.
describe('validateSend', () => {
  it('returns the send narrowed', () => {
    expect(validateSend(valid)).toEqual({ amount: '0.5', receiverAddress: evmReceiver, token: eth, chainNamespace: 'eip155' })
    expect(validateSend({ ...valid, receiverAddress: solReceiver, ...rulesOf('solana') }).chainNamespace).toBe('solana')
  })

  it('accepts numbers and bigints as amounts, returning a decimal string', () => {
    expect(validateSend({ ...valid, amount: 2 }).amount).toBe('2')
    expect(validateSend({ ...valid, amount: 10n ** 18n }).amount).toBe('1000000000000000000')
    expect(validateSend({ ...valid, amount: ' .25 ' }).amount).toBe('.25')
    expect(validateSend({ ...valid, amount: '1.' }).amount).toBe('1.')
  })

  describe("'An amount and receiver address are required'", () => {
    it.each([
      ['no amount', { amount: undefined }, [{ path: 'amount', message: 'Required' }]],
      ['an empty amount', { amount: '' }, [{ path: 'amount', message: 'Required' }]],
      ['a zero amount', { amount: '0.000' }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['a zero number', { amount: 0 }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['a negative amount', { amount: '-1' }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['a negative bigint', { amount: -1n }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['NaN', { amount: Number.NaN }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['Infinity', { amount: Number.POSITIVE_INFINITY }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['an exponent', { amount: '1e18' }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['text', { amount: 'ten' }, [{ path: 'amount', message: 'Invalid amount' }]],
      ['no receiver', { receiverAddress: undefined }, [{ path: 'receiverAddress', message: 'Required' }]],
      ['a blank receiver', { receiverAddress: '  ' }, [{ path: 'receiverAddress', message: 'Required' }]],
      [
        'neither',
        { amount: null, receiverAddress: null },
        [
          { path: 'amount', message: 'Required' },
          { path: 'receiverAddress', message: 'Required' },
        ],
      ],
    ])('for %s', (_case, change, issues) => {
      const error = failure({ ...valid, ...change })
      expect(error.shortMessage).toBe('An amount and receiver address are required')
      expect(error.issues).toEqual(issues)
    })
  })

  it("'A token is required' when the token is missing", () => {
    expect(failure({ ...valid, token: undefined }).shortMessage).toBe('A token is required')
    expect(failure({ ...valid, token: null }).shortMessage).toBe('A token is required')
  })

  it("'Unsupported chain' where the namespace's plugin does not send (bip122 declares send off)", () => {
    const error = failure({ ...valid, receiverAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', ...rulesOf('bip122') })
    expect(error.shortMessage).toBe('Unsupported chain')
    expect(error.issues).toEqual([{ path: 'chainNamespace', message: "Send is not offered on the 'bip122' namespace" }])
  })

  it.each([
    ['no plugin says it sends', { canSend: undefined }],
    ['the plugin says it does not', { canSend: false }],
    ['no namespace', { chainNamespace: undefined }],
    ['an empty namespace', { chainNamespace: '' }],
  ])("'Unsupported chain' when %s", (_case, change) => {
    const error = failure({ ...valid, ...change })
    expect(error.shortMessage).toBe('Unsupported chain')
    expect(error.issues[0]?.path).toBe('chainNamespace')
  })

  it('sends on any namespace whose plugin sends, with its address rule (a third-party plugin)', () => {
    const isAcme = (address: string) => /^acme1[02-9ac-hj-np-z]{38}$/.test(address)
    const receiver = `acme1${'q'.repeat(38)}`
    const acmeToken = { symbol: 'ACME' }
    expect(validateSend({ amount: '1', receiverAddress: receiver, token: acmeToken, chainNamespace: 'acme', canSend: true, isAddress: isAcme })).toEqual({
      amount: '1',
      receiverAddress: receiver,
      token: acmeToken,
      chainNamespace: 'acme',
    })
    expect(failure({ amount: '1', receiverAddress: evmReceiver, token: acmeToken, chainNamespace: 'acme', canSend: true, isAddress: isAcme }).shortMessage).toBe('Invalid receiver address')
  })

  it('checks in SPEC order: amount and receiver, then token, then namespace', () => {
    const empty: SendInput<Token> = {}
    expect(failure(empty).shortMessage).toBe('An amount and receiver address are required')
    expect(failure({ amount: '1', receiverAddress: evmReceiver }).shortMessage).toBe('A token is required')
    expect(failure({ amount: '1', receiverAddress: evmReceiver, token: eth }).shortMessage).toBe('Unsupported chain')
    expect(failure({ amount: '1', receiverAddress: 'not an address', token: eth, ...rulesOf('eip155') }).shortMessage).toBe('Invalid receiver address')
  })

  it("refuses a receiver that is not an address of the network's namespace", () => {
    expect(failure({ ...valid, receiverAddress: solReceiver }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: evmReceiver, ...rulesOf('solana') }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: 'vitalik.eth' }).issues).toEqual([{ path: 'receiverAddress', message: 'Invalid receiver address' }])
  })

  // Validation imports no plugin: every receiver rule comes from its plugin, through the registry.
  it('checks the receiver with the address rule it is given, and cannot vouch for any receiver without one', () => {
    const onlyThis = (address: string) => address === 'the-one-address'
    expect(validateSend({ ...valid, receiverAddress: 'the-one-address', isAddress: onlyThis }).receiverAddress).toBe('the-one-address')
    expect(failure({ ...valid, receiverAddress: evmReceiver, isAddress: onlyThis }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, isAddress: undefined }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: solReceiver, ...rulesOf('solana'), isAddress: undefined }).shortMessage).toBe('Invalid receiver address')
  })
})

describe('isSendValid', () => {
  it('answers without throwing', () => {
    expect(isSendValid(valid)).toBe(true)
    expect(isSendValid({ ...valid, amount: '' })).toBe(false)
    expect(isSendValid({ ...valid, ...rulesOf('bip122') })).toBe(false)
  })
})

describe('validateSend with a token balance (SPEC §3 quantity)', () => {
  const ptt = { symbol: 'PTT', quantity: { decimals: '6', numeric: '12.5' } }
  const solana = { ...valid, receiverAddress: solReceiver, token: ptt, ...rulesOf('solana') } as const

  it("refuses more fraction digits than the token's decimals, whatever the namespace's native decimals", () => {
    expect(validateSend({ ...solana, amount: '0.000001' }).amount).toBe('0.000001')
    expect(failure({ ...solana, amount: '0.0000001' }).shortMessage).toBe(TOO_MANY_DECIMALS_MESSAGE)
    expect(failure({ ...solana, amount: '1.1234567' }).issues).toEqual([{ path: 'amount', message: 'At most 6 decimal places' }])
  })

  it('refuses more than the balance, and takes all of it', () => {
    expect(validateSend({ ...solana, amount: '12.5' }).amount).toBe('12.5')
    expect(validateSend({ ...solana, amount: '12.500000' }).amount).toBe('12.500000')
    expect(failure({ ...solana, amount: '12.500001' }).shortMessage).toBe(AMOUNT_OVER_BALANCE_MESSAGE)
    expect(failure({ ...solana, amount: 13 }).shortMessage).toBe(AMOUNT_OVER_BALANCE_MESSAGE)
  })

  it('checks the SPEC §8 rules first, and nothing more for a token without a balance', () => {
    expect(failure({ ...solana, amount: '99', receiverAddress: '' }).shortMessage).toBe('An amount and receiver address are required')
    expect(validateSend({ ...valid, amount: '99.1234567890123456789' }).amount).toBe('99.1234567890123456789')
  })
})
