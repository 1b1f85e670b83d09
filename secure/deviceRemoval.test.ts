import { verifyMessage } from 'viem'
import type { Approver, ApprovalRequest } from './approval'
import { REMOVE_DEVICE_WARNING } from './describeRemoval'
import { SESSION_ENDED_MESSAGE } from './secureFrame'
import { sessionKey } from './session'
import { evmAccount, startTestFrame, type TestFrame } from './test/fakes'

const PHONE = '22222222-2222-4222-8222-222222222222'
const THIS_ONE = '11111111-1111-4111-8111-111111111111'

async function signIn(test: TestFrame, email = 'ada@example.com') {
  await test.ask('CONNECT_EMAIL', { email })
  expect((await test.ask('CONNECT_OTP', { otp: test.api.codes.get(email) })).type).toBe('@portico-frame/CONNECT_OTP_SUCCESS')
}

/** The visitor's answer in the removal prompt, played by the test, with what the prompt showed. */
function scriptedConfirm(answer: boolean, shown: ApprovalRequest[], during?: () => void): Approver {
  return {
    async confirm(request) {
      shown.push(request)
      during?.()
      return answer
    },
  }
}

const sentTypes = (test: TestFrame) => test.host.posted.map(({ message }) => message.type)

describe('GET_DEVICES', () => {
  it('lists the signed-in visitor’s devices from the server, and needs a session', async () => {
    const test = await startTestFrame()
    expect((await test.ask('GET_DEVICES', {})).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    await signIn(test)
    const reply = await test.ask('GET_DEVICES', {})
    expect(reply.type).toBe('@portico-frame/GET_DEVICES_SUCCESS')
    expect(reply.payload).toEqual({ devices: test.api.devices })
  })
})

describe('REMOVE_DEVICE', () => {
  it('asks the visitor in the frame’s own prompt, naming the device as the server lists it, then removes it', async () => {
    const shown: ApprovalRequest[] = []
    const test = await startTestFrame({ confirmDeviceRemoval: () => scriptedConfirm(true, shown) })
    await signIn(test)
    const reply = await test.ask('REMOVE_DEVICE', { id: PHONE })
    expect(reply).toMatchObject({ type: '@portico-frame/REMOVE_DEVICE_SUCCESS', payload: { removed: true } })
    expect(shown).toHaveLength(1)
    expect(shown[0]).toMatchObject({ method: 'REMOVE_DEVICE', origin: 'https://shop.example', details: { warnings: [REMOVE_DEVICE_WARNING] } })
    expect(shown[0]!.details.sections[0]!.fields[0]).toEqual({ label: 'Device', value: 'Safari on iOS' })
    expect(test.api.calls).toContain(`removeDevice ${PHONE}`)
    expect(test.api.devices.map((device) => device.id)).toEqual([THIS_ONE])
  })

  it('Cancel answers 4001 and removes nothing', async () => {
    const shown: ApprovalRequest[] = []
    const test = await startTestFrame({ confirmDeviceRemoval: () => scriptedConfirm(false, shown) })
    await signIn(test)
    expect((await test.ask('REMOVE_DEVICE', { id: PHONE })).payload).toEqual({ message: 'User rejected the request.', code: 4001 })
    expect(shown).toHaveLength(1)
    expect(test.api.calls.filter((call) => call.startsWith('removeDevice'))).toEqual([])
    expect(test.api.devices).toHaveLength(2)
  })

  it('refuses without a prompt: an unknown id, the device in use, a visitor signed out, and a page without the removal prompt', async () => {
    const shown: ApprovalRequest[] = []
    const test = await startTestFrame({ confirmDeviceRemoval: () => scriptedConfirm(true, shown) })
    expect((await test.ask('REMOVE_DEVICE', { id: PHONE })).payload).toMatchObject({ code: 'UNAUTHORIZED' })
    await signIn(test)
    expect((await test.ask('REMOVE_DEVICE', { id: '33333333-3333-4333-8333-333333333333' })).payload).toEqual({
      message: 'No device with this id belongs to this account',
      code: 'DEVICE_NOT_FOUND',
    })
    expect((await test.ask('REMOVE_DEVICE', { id: THIS_ONE })).payload).toEqual({
      message: 'This is the device you are using: sign out here, or remove it from another of your devices',
      code: 'CURRENT_DEVICE',
    })
    expect(shown).toEqual([])
    // The schema refuses what is not a device's public id (the raw device id is 64 hex characters).
    expect((await test.ask('REMOVE_DEVICE', { id: 'a'.repeat(64) })).payload).toMatchObject({ code: 'INVALID_MESSAGE' })

    const without = await startTestFrame()
    await signIn(without)
    expect((await without.ask('REMOVE_DEVICE', { id: PHONE })).payload).toEqual({ message: 'Removing a device is not available on this server', code: 4200 })
    expect(without.api.devices).toHaveLength(2)
  })
})

describe('a device whose session the server ended (removed from another device)', () => {
  it('is refused its next signature after the visitor approves, with 4100; the session ends and the keys are dropped', async () => {
    let removeNow = false
    let endSessions = () => {}
    const approved: string[] = []
    const approver: Approver = {
      async confirm(request) {
        approved.push(request.method)
        // Removed from the other device while this prompt was open.
        if (removeNow) endSessions()
        return true
      },
    }
    const test = await startTestFrame({ approver })
    endSessions = () => test.api.sessions.clear()
    await signIn(test)
    const signed = await test.ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] })
    expect(await verifyMessage({ address: evmAccount.address, message: 'hello', signature: signed.payload.result as `0x${string}` })).toBe(true)

    removeNow = true
    const refused = await test.ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] })
    expect(refused).toMatchObject({ type: '@portico-frame/RPC_REQUEST_ERROR', payload: { message: SESSION_ENDED_MESSAGE, code: 4100 } })
    expect(approved).toEqual(['personal_sign', 'personal_sign'])
    expect(sentTypes(test)).toContain('@portico-frame/SESSION_EXPIRED')
    expect(test.sessionStore.getItem(sessionKey('shop'))).toBeNull()
    // Nothing is left to sign with: the next request is refused before any prompt.
    expect((await test.ask('RPC_REQUEST', { method: 'personal_sign', params: ['0x68656c6c6f', evmAccount.address] })).type).toBe('@portico-frame/RPC_REQUEST_ERROR')
    expect(approved).toHaveLength(2)
  })
})
