import { privateKeyToAccount } from 'viem/accounts'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS } from '../../dev/chain/paymaster'
import { DEV_SPONSOR_ADDRESS, readPaymasterEnv } from './paymasterEnv'

describe('readPaymasterEnv', () => {
  it("knows the development sponsor key's address, the signer of the stack's paymaster", () => {
    expect(DEV_SPONSOR_ADDRESS).toBe(privateKeyToAccount(DEV_SPONSOR_KEY).address)
  })

  it('reads the paymaster and its sponsor key together, or nothing', () => {
    expect(readPaymasterEnv({})).toBeUndefined()
    const env = readPaymasterEnv({ PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY })
    expect(env?.address).toBe(VERIFYING_PAYMASTER_ADDRESS)
    expect(env?.signer.address).toBe(DEV_SPONSOR_ADDRESS)
  })

  it('refuses half a configuration or a malformed one, never echoing the key', () => {
    const together = 'PAYMASTER_ADDRESS and PAYMASTER_SIGNER_KEY are set together: the paymaster contract and the sponsor key it trusts'
    expect(() => readPaymasterEnv({ PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS })).toThrow(together)
    expect(() => readPaymasterEnv({ PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY })).toThrow(together)
    expect(() => readPaymasterEnv({ PAYMASTER_ADDRESS: 'paymaster', PAYMASTER_SIGNER_KEY: DEV_SPONSOR_KEY })).toThrow('PAYMASTER_ADDRESS must be a 0x-prefixed 20-byte address')
    expect(() => readPaymasterEnv({ PAYMASTER_ADDRESS: VERIFYING_PAYMASTER_ADDRESS, PAYMASTER_SIGNER_KEY: 'secret' })).toThrow(new Error('PAYMASTER_SIGNER_KEY must be 0x followed by 64 hex digits'))
  })
})
