import type { Address } from 'viem'

/**
 * Where the PorticoAccountFactory is, on every chain that has it. It is deployed through
 * the deterministic-deployment proxy (CREATE2, salt 0), so its address follows from its
 * code and the smart-account implementation's alone, the same on every chain:
 * `dev/chain/accountAbstraction.ts` deploys it on the local chains, and
 * accountFactory.test.ts checks that the address it computes from the compiled contracts
 * is this one (recompiling the contracts changes both).
 */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = '0x6bFE1196Ac0097A8038060D103A213e778B6ACCB'
