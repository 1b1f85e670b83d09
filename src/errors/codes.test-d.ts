// Type tests (checked by `npm run typecheck`, never run): `PorticoError.code` is one
// closed union a dapp can switch on exhaustively.
import { expectTypeOf } from 'expect-type'
import { ProviderRpcCode, type FrameError, type PorticoError, type PorticoErrorCode, type RpcError } from './index'

describe('PorticoErrorCode', () => {
  it('types every error’s code', () => {
    expectTypeOf<PorticoError['code']>().toEqualTypeOf<PorticoErrorCode | undefined>()
    expectTypeOf<RpcError['code']>().toMatchTypeOf<PorticoErrorCode>()
    expectTypeOf(ProviderRpcCode.UserRejectedRequest).toMatchTypeOf<PorticoErrorCode>()
  })
  it('is closed: no number or string outside it is a code, so a switch can be exhaustive', () => {
    expectTypeOf<number>().not.toMatchTypeOf<PorticoErrorCode>()
    expectTypeOf<string>().not.toMatchTypeOf<PorticoErrorCode>()
    // @ts-expect-error an HTTP status is the error's remoteCode, not a code
    const status: PorticoErrorCode = 404
    // @ts-expect-error a code Portico does not define
    const made: PorticoErrorCode = 'wallet/made-up'
    expectTypeOf([status, made]).not.toBeNever()
  })
  it('narrows to never once every case is handled', () => {
    const exhaustive = (code: FrameError['code']): string => {
      switch (code) {
        case 'iframe_load_failed':
        case 'iframe_request_timeout':
          return 'retry'
        case 'frame_aborted':
        case 'frame_error':
        case 'frame_not_set':
          return 'report'
        default:
          expectTypeOf(code).toBeNever()
          return code
      }
    }
    expectTypeOf(exhaustive).returns.toBeString()
  })
  it('takes the codes a plugin adds by declaration merging (examples/cosmos-plugin)', () => {
    expectTypeOf<'cosmos/unreachable'>().toMatchTypeOf<PorticoErrorCode>()
  })
})
