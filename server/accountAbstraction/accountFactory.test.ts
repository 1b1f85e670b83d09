import { SMART_ACCOUNT_FACTORY_ADDRESS as deployedByDevStack } from '../../dev/chain/accountAbstraction'
import { SMART_ACCOUNT_FACTORY_ADDRESS } from './accountFactory'

describe('the account factory address the server offers', () => {
  it('is the CREATE2 address of the compiled PorticoAccountFactory that the dev stack deploys', () => {
    expect(SMART_ACCOUNT_FACTORY_ADDRESS).toBe(deployedByDevStack)
  })
})
