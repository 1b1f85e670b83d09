import { SAFE_ADDRESSES } from '../../dev/chain/accountAbstraction'
import { MULTI_SEND_CALL_ONLY_ADDRESS, SAFE_4337_MODULE_ADDRESS, SMART_ACCOUNT_FACTORY_ADDRESS } from './accountFactory'

test("the server's Safe addresses are the ones the dev stack deploys (and public chains have)", () => {
  expect(SMART_ACCOUNT_FACTORY_ADDRESS).toBe(SAFE_ADDRESSES.safeProxyFactory)
  expect(SAFE_4337_MODULE_ADDRESS).toBe(SAFE_ADDRESSES.safe4337Module)
  expect(MULTI_SEND_CALL_ONLY_ADDRESS).toBe(SAFE_ADDRESSES.multiSendCallOnly)
})
