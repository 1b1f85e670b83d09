import { ValidationError } from '../errors'
import { isSolanaAddress } from '../plugins/solana/address'
import { AMOUNT_OVER_BALANCE_MESSAGE, isSendNamespace, isSendValid, TOO_MANY_DECIMALS_MESSAGE, validateSend, type SendInput } from './send'

type Token = { symbol: string; address?: string }
const eth: Token = { symbol: 'ETH' }
const evmReceiver = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const solReceiver = 'So11111111111111111111111111111111111111112'
const valid: SendInput<Token> = { amount: '0.5', receiverAddress: evmReceiver, token: eth, chainNamespace: 'eip155' }

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
// and solana namespaces are supported." SPEC §8 gives the three messages.
describe('validateSend', () => {
  it('returns the send narrowed', () => {
    expect(validateSend(valid)).toEqual({ amount: '0.5', receiverAddress: evmReceiver, token: eth, chainNamespace: 'eip155' })
    expect(validateSend({ ...valid, receiverAddress: solReceiver, chainNamespace: 'solana', isAddress: isSolanaAddress }).chainNamespace).toBe('solana')
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

  it.each(['bip122', 'polkadot', 'cosmos', undefined, ''])("'Unsupported chain' for namespace %p", (chainNamespace) => {
    const error = failure({ ...valid, chainNamespace })
    expect(error.shortMessage).toBe('Unsupported chain')
    expect(error.issues[0]?.path).toBe('chainNamespace')
  })

  it('checks in SPEC order: amount and receiver, then token, then namespace', () => {
    const empty: SendInput<Token> = {}
    expect(failure(empty).shortMessage).toBe('An amount and receiver address are required')
    expect(failure({ amount: '1', receiverAddress: evmReceiver }).shortMessage).toBe('A token is required')
    expect(failure({ amount: '1', receiverAddress: evmReceiver, token: eth }).shortMessage).toBe('Unsupported chain')
  })

  it("refuses a receiver that is not an address of the network's namespace", () => {
    expect(failure({ ...valid, receiverAddress: solReceiver }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: evmReceiver, chainNamespace: 'solana', isAddress: isSolanaAddress }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: 'vitalik.eth' }).issues).toEqual([{ path: 'receiverAddress', message: 'Invalid receiver address' }])
  })

  // Validation imports no plugin but the EVM one (portico holds it): the receiver rule of
  // another namespace comes from its plugin, through the registry.
  it("checks the receiver with the plugin's address rule when given, and cannot vouch for another namespace's receiver without one", () => {
    const onlyThis = (address: string) => address === 'the-one-address'
    expect(validateSend({ ...valid, receiverAddress: 'the-one-address', isAddress: onlyThis }).receiverAddress).toBe('the-one-address')
    expect(failure({ ...valid, receiverAddress: evmReceiver, isAddress: onlyThis }).shortMessage).toBe('Invalid receiver address')
    expect(failure({ ...valid, receiverAddress: solReceiver, chainNamespace: 'solana' }).shortMessage).toBe('Invalid receiver address')
  })
})

describe('isSendValid', () => {
  it('answers without throwing', () => {
    expect(isSendValid(valid)).toBe(true)
    expect(isSendValid({ ...valid, amount: '' })).toBe(false)
    expect(isSendValid({ ...valid, chainNamespace: 'bip122' })).toBe(false)
  })
})

describe('isSendNamespace', () => {
  it('is eip155 and solana only', () => {
    expect(isSendNamespace('eip155')).toBe(true)
    expect(isSendNamespace('solana')).toBe(true)
    expect(isSendNamespace('bip122')).toBe(false)
    expect(isSendNamespace(undefined)).toBe(false)
  })
})

describe('validateSend with a token balance (SPEC §3 quantity)', () => {
  const ptt = { symbol: 'PTT', quantity: { decimals: '6', numeric: '12.5' } }
  const solana = { ...valid, receiverAddress: solReceiver, chainNamespace: 'solana', token: ptt, isAddress: isSolanaAddress } as const

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
