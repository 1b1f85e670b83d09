// ERC-4337 on a local anvil chain: EntryPoint v0.7 at its canonical address (so viem's
// defaults and solady's account, which hard-codes it, work unchanged), the
// PorticoSmartAccount implementation and the PorticoAccountFactory that viem's
// `toSoladySmartAccount` drives. The bundler that submits user operations is Alto
// (dev/chain/alto.ts).
import { concat, createTestClient, encodeAbiParameters, getAddress, getContractAddress, http, pad, zeroHash, type Address, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { entryPointBytecode } from './contracts/EntryPoint.artifact'
import { porticoAccountFactoryAbi, porticoAccountFactoryBytecode } from './contracts/PorticoAccountFactory.artifact'
import { porticoSmartAccountAbi, porticoSmartAccountBytecode } from './contracts/PorticoSmartAccount.artifact'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'

/**
 * The deterministic-deployment proxy (Arachnid's CREATE2 factory) that anvil has at
 * genesis: what it deploys lands at the same address on every chain and every run.
 */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

export const ENTRY_POINT_ADDRESS: Address = entryPoint07Address

/** Where the implementation behind every local smart account lives (CREATE2, salt 0). */
export const SMART_ACCOUNT_IMPLEMENTATION_ADDRESS: Address = /* @__PURE__ */ create2Address(porticoSmartAccountBytecode)

const factoryInitCode = /* @__PURE__ */ concat([porticoAccountFactoryBytecode, encodeAbiParameters([{ type: 'address' }], [SMART_ACCOUNT_IMPLEMENTATION_ADDRESS])])

/** The PorticoAccountFactory on every local chain: pass it as `factoryAddress` to `toSoladySmartAccount`. */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = /* @__PURE__ */ create2Address(factoryInitCode)

export type AccountAbstraction = {
  entryPoint: Address
  factory: Address
  implementation: Address
}

export type DeployAccountAbstractionOptions = {
  /** Pays for the deployments; the first development key by default. */
  deployerKey?: Hex | undefined
}

/**
 * The salt of `owner`'s `index`-th smart account: the factory takes only salts that
 * start with the owner's address, so nobody else can deploy an account at that address.
 *
 * @example
 * const account = await toSoladySmartAccount({ client, owner, factoryAddress: SMART_ACCOUNT_FACTORY_ADDRESS, salt: smartAccountSalt(owner.address) })
 */
export function smartAccountSalt(owner: Address, index = 0n): Hex {
  return concat([getAddress(owner), pad(`0x${index.toString(16)}`, { size: 12 })])
}

/**
 * Deploys the ERC-4337 contracts on an anvil chain, once: EntryPoint v0.7 is deployed
 * through the CREATE2 deployer and its runtime code copied to the canonical
 * `entryPoint07Address` (`anvil_setCode`), with its SenderCreator copied to where the
 * simulation contract expects it (the EntryPoint's first CREATE address); the account
 * implementation and the factory are plain CREATE2 deployments. Calling it again on the
 * same chain does nothing. anvil only (it needs `anvil_setCode`).
 *
 * @example
 * const chain = await startLocalChain({ chainId: 1 })
 * const aa = await deployAccountAbstraction(chain.rpcUrl)
 * // aa.entryPoint === entryPoint07Address, aa.factory === SMART_ACCOUNT_FACTORY_ADDRESS
 */
export async function deployAccountAbstraction(rpcUrl: string, options: DeployAccountAbstractionOptions = {}): Promise<AccountAbstraction> {
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const result: AccountAbstraction = {
    entryPoint: ENTRY_POINT_ADDRESS,
    factory: SMART_ACCOUNT_FACTORY_ADDRESS,
    implementation: SMART_ACCOUNT_IMPLEMENTATION_ADDRESS,
  }
  const hasCode = async (address: Address) => ((await publicClient.getCode({ address })) ?? '0x') !== '0x'
  if ((await hasCode(ENTRY_POINT_ADDRESS)) && (await hasCode(SMART_ACCOUNT_FACTORY_ADDRESS))) return result

  const version = await publicClient.request({ method: 'web3_clientVersion' })
  if (!/^anvil\//i.test(version)) throw new Error(`deployAccountAbstraction needs anvil (anvil_setCode), the node is ${version}`)
  if (!(await hasCode(CREATE2_DEPLOYER))) throw new Error(`the CREATE2 deployer ${CREATE2_DEPLOYER} is missing on ${rpcUrl}`)

  const testClient = createTestClient({ mode: 'anvil', chain: publicClient.chain, transport: http(rpcUrl) })
  const create2 = async (initCode: Hex, what: string): Promise<Address> => {
    const address = create2Address(initCode)
    if (await hasCode(address)) return address
    const hash = await walletClient.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([zeroHash, initCode]) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !(await hasCode(address))) throw new Error(`${what} deployment failed (${hash})`)
    return address
  }
  const setCode = async (address: Address, from: Address) => {
    const code = await publicClient.getCode({ address: from })
    if (!code || code === '0x') throw new Error(`no code at ${from} to copy to ${address}`)
    await testClient.setCode({ address, bytecode: code })
  }

  const deployedEntryPoint = await create2(entryPointBytecode, 'EntryPoint')
  await setCode(ENTRY_POINT_ADDRESS, deployedEntryPoint)
  // EntryPointSimulations (a bundler's gas estimation, run as an eth_call state override at
  // the canonical address) looks for its SenderCreator at the EntryPoint's first CREATE address.
  await setCode(getContractAddress({ from: ENTRY_POINT_ADDRESS, nonce: 1n }), getContractAddress({ from: deployedEntryPoint, nonce: 1n }))
  await create2(porticoSmartAccountBytecode, 'PorticoSmartAccount')
  await create2(factoryInitCode, 'PorticoAccountFactory')
  return result
}

export { porticoAccountFactoryAbi, porticoSmartAccountAbi }

function create2Address(initCode: Hex): Address {
  return getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: zeroHash, bytecode: initCode })
}
