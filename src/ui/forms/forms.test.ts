import { onrampAmountProblem } from './onrampAmountProblem'
import { registerNameProblem } from './registerNameProblem'
import { sendProblem } from './sendProblem'

describe('registerNameProblem (SPEC §5: 4+ characters, letters, digits, hyphens)', () => {
  it.each([
    ['', 'tooShort'],
    ['abc', 'tooShort'],
    ['ab_', 'invalidCharacters'],
    ['my name', 'invalidCharacters'],
    ['my_name', 'invalidCharacters'],
    ['émile', 'invalidCharacters'],
    ['abcd', undefined],
    ['my-name-2', undefined],
  ])('%j → %s', (value, problem) => expect(registerNameProblem(value)).toBe(problem))
})

describe('sendProblem (validateSend messages, SPEC §8)', () => {
  const token = { symbol: 'ETH' }
  const receiver = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
  // What the Send view passes for an EVM account: the plugin's send feature and address rule.
  const evm = { canSend: true, isAddress: (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address) }
  it('asks for amount and receiver first', () => {
    expect(sendProblem({ amount: '', receiverAddress: receiver, token, chainNamespace: 'eip155', ...evm })?.key).toBe('errors.amountAndReceiverRequired')
    expect(sendProblem({ amount: '1', receiverAddress: '', token, chainNamespace: 'eip155', ...evm })?.key).toBe('errors.amountAndReceiverRequired')
  })
  it('then a token, then the namespace, then the address', () => {
    expect(sendProblem({ amount: '1', receiverAddress: receiver, token: undefined, chainNamespace: 'eip155', ...evm })?.key).toBe('errors.tokenRequired')
    expect(sendProblem({ amount: '1', receiverAddress: receiver, token, chainNamespace: 'bip122' })?.key).toBe('errors.unsupportedChain')
    expect(sendProblem({ amount: '1', receiverAddress: '0x123', token, chainNamespace: 'eip155', ...evm })?.key).toBe('errors.invalidReceiverAddress')
  })
  it('is undefined for a valid send', () => expect(sendProblem({ amount: '0.1', receiverAddress: receiver, token, chainNamespace: 'eip155', ...evm })).toBeUndefined())
})

describe('onrampAmountProblem (SPEC §9 fallback limits)', () => {
  const card = { min: 10, max: 7500 }
  const bank = { min: 10, max: 25_000 }
  it.each([
    ['9.99', card, card],
    ['10', card, undefined],
    ['7500', card, undefined],
    ['7501', card, card],
    ['20000', bank, undefined],
    ['25001', bank, bank],
    ['abc', card, card],
    ['', card, undefined],
  ])('%s within %j', (amount, limits, problem) => expect(onrampAmountProblem(amount, limits)).toEqual(problem))
  it('says nothing before anything is typed', () => expect(onrampAmountProblem(undefined, card)).toBeUndefined())
})
