import { ValidationError } from '../../errors'
import { SendCallsMessages, validateCapabilitiesAddress, validateSendCalls } from './sendCalls'

const from = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function issuesOf(run: () => void) {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return { message: (error as ValidationError).shortMessage, issues: (error as ValidationError).issues }
  }
  return undefined
}

// SPEC §5: "In wallet_sendCalls, each call needs a 'to' starting with 0x, and its optional
// data must also start with 0x."
describe('validateSendCalls', () => {
  it('accepts calls whose to (and data, when present) start with 0x', () => {
    expect(issuesOf(() => validateSendCalls({ from, calls: [{ to }, { to, data: '0x' }, { to, data: '0xa9059cbb', value: '0x10' }, { to, value: '15' }] }))).toBeUndefined()
  })

  it.each([
    ['a to without 0x', { to: to.slice(2) }, 'calls[0].to', SendCallsMessages.to],
    ['an empty to', { to: '' }, 'calls[0].to', SendCallsMessages.to],
    ['a missing to', {}, 'calls[0].to', SendCallsMessages.to],
    ['data without 0x', { to, data: 'a9059cbb' }, 'calls[0].data', SendCallsMessages.data],
    ['data that is not a string', { to, data: 42 }, 'calls[0].data', SendCallsMessages.data],
    ['a negative value', { to, value: '-1' }, 'calls[0].value', SendCallsMessages.value],
  ])('refuses %s', (_case, call, path, message) => {
    expect(issuesOf(() => validateSendCalls({ from, calls: [call as never] }))).toEqual({ message, issues: [{ path, message }] })
  })

  it('names every faulty call, the first one in the message', () => {
    const result = issuesOf(() => validateSendCalls({ from, calls: [{ to }, { to: 'x', data: 'y' }, { to: 'z' }] }))
    expect(result?.message).toBe(SendCallsMessages.to)
    expect(result?.issues.map((issue) => issue.path)).toEqual(['calls[1].to', 'calls[1].data', 'calls[2].to'])
  })

  it('needs at least one call and a sender address', () => {
    expect(issuesOf(() => validateSendCalls({ from: 'me', calls: [] }))?.issues.map((i) => i.path)).toEqual(['from', 'calls'])
  })
})

describe('validateCapabilitiesAddress', () => {
  it('needs an address parameter (SPEC §5)', () => {
    expect(() => validateCapabilitiesAddress(from)).not.toThrow()
    for (const missing of [undefined, null, '']) {
      expect(issuesOf(() => validateCapabilitiesAddress(missing))).toEqual({
        message: 'Capabilities requests need an address parameter.',
        issues: [{ path: 'address', message: 'Required' }],
      })
    }
    expect(issuesOf(() => validateCapabilitiesAddress('0x123'))?.issues).toEqual([{ path: 'address', message: 'Invalid address' }])
  })
})
