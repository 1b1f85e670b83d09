// Gas sponsorship on a local anvil chain: eth-infinitism's VerifyingPaymaster (the v0.7
// sample of `@account-abstraction/contracts`, compiled as published), deployed through the
// CREATE2 deployer so its address is the same on every chain and every run, with ETH
// deposited for it in the EntryPoint. Its verifying signer is the development sponsor key
// below: the server signs sponsorships with it on the local stack (PAYMASTER_SIGNER_KEY),
// and production mode refuses it (server/productionChecks.ts).
import { concat, encodeAbiParameters, getContractAddress, keccak256, parseEther, stringToHex, zeroHash, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { CREATE2_DEPLOYER, ENTRY_POINT_ADDRESS } from './accountAbstraction'
import { verifyingPaymasterAbi, verifyingPaymasterBytecode } from './contracts/VerifyingPaymaster.artifact'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'

/**
 * The development sponsor key: the verifying signer of the local paymaster. Derived from
 * a fixed public string, so it is known to everyone: never use it on a public chain.
 */
export const DEV_SPONSOR_KEY: Hex = /* @__PURE__ */ keccak256(stringToHex('portico/dev/paymaster/sponsor'))
export const DEV_SPONSOR_ADDRESS: Address = /* @__PURE__ */ privateKeyToAccount(DEV_SPONSOR_KEY).address

const paymasterInitCode = /* @__PURE__ */ concat([verifyingPaymasterBytecode, encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [ENTRY_POINT_ADDRESS, DEV_SPONSOR_ADDRESS])])

/** The VerifyingPaymaster on every local chain (CREATE2, salt 0), its signer {@link DEV_SPONSOR_ADDRESS}. */
export const VERIFYING_PAYMASTER_ADDRESS: Address = /* @__PURE__ */ getContractAddress({
  opcode: 'CREATE2',
  from: CREATE2_DEPLOYER,
  salt: zeroHash,
  bytecode: paymasterInitCode,
})

/** What the stack deposits for the paymaster in the EntryPoint, from the first development account. */
export const PAYMASTER_DEPOSIT = parseEther('10')

export type DeployPaymasterOptions = {
  /** Pays for the deployment and the deposit; the first development key by default. */
  deployerKey?: Hex | undefined
  /** Wei deposited in the EntryPoint when the paymaster has less. Default {@link PAYMASTER_DEPOSIT}. */
  deposit?: bigint | undefined
}

/**
 * Deploys the VerifyingPaymaster on an anvil chain that has the EntryPoint
 * (`deployAccountAbstraction` first) and tops its EntryPoint deposit up to `deposit`.
 * Calling it again does nothing once both are there.
 *
 * @example
 * await deployAccountAbstraction(chain.rpcUrl)
 * const paymaster = await deployVerifyingPaymaster(chain.rpcUrl) // VERIFYING_PAYMASTER_ADDRESS
 */
export async function deployVerifyingPaymaster(rpcUrl: string, options: DeployPaymasterOptions = {}): Promise<Address> {
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const wait = async (hash: Hex, what: string) => {
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success') throw new Error(`${what} failed (${hash})`)
  }
  const code = await publicClient.getCode({ address: VERIFYING_PAYMASTER_ADDRESS })
  if (code === undefined || code === '0x') {
    const entryPointCode = await publicClient.getCode({ address: ENTRY_POINT_ADDRESS })
    if (entryPointCode === undefined || entryPointCode === '0x') throw new Error(`no EntryPoint at ${ENTRY_POINT_ADDRESS} on ${rpcUrl}: run deployAccountAbstraction first`)
    await wait(await walletClient.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([zeroHash, paymasterInitCode]) }), 'VerifyingPaymaster deployment')
  }
  const target = options.deposit ?? PAYMASTER_DEPOSIT
  const deposited = await publicClient.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
  if (deposited < target) {
    await wait(await walletClient.writeContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'deposit', value: target - deposited }), 'the paymaster deposit')
  }
  return VERIFYING_PAYMASTER_ADDRESS
}

export { verifyingPaymasterAbi }
