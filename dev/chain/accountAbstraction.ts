// ERC-4337 on a local anvil chain, at the addresses public chains have it: EntryPoint
// v0.7 at its canonical address, and the embedded wallet's smart account, a Safe 1.4.1
// with Safe's ERC-4337 module 0.3.0, deployed exactly as Safe deploys it (the same
// bytecode through the same CREATE2 factories, salt 0), so every contract lands at its
// canonical address and a user's Safe has the address it has on every public chain
// (docs/smart-accounts.md). The bundler that submits user operations is Alto
// (dev/chain/alto.ts).
import { concat, createTestClient, encodeAbiParameters, getContractAddress, http, zeroHash, type Address, type Hex } from 'viem'
import { entryPoint07Address } from 'viem/account-abstraction'
import { entryPointBytecode } from './contracts/EntryPoint.artifact'
import { multiSendBytecode, multiSendCallOnlyBytecode, safe4337ModuleBytecode, safeModuleSetupBytecode, safeProxyFactoryBytecode, safeSingletonBytecode } from './contracts/Safe.artifact'
import { DEV_PRIVATE_KEYS } from './devAccounts'
import { localClients } from './localClients'

/**
 * The deterministic-deployment proxy (Arachnid's CREATE2 factory) that anvil has at
 * genesis: what it deploys lands at the same address on every chain and every run.
 */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

/**
 * Safe's own CREATE2 factory (safe-singleton-factory: the same proxy code at another
 * address, deployed on public chains by a key Safe holds). Safe 1.4.1 was deployed
 * through it; the local chains get it by copying the proxy's code (`anvil_setCode`).
 */
export const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7'

export const ENTRY_POINT_ADDRESS: Address = entryPoint07Address

/** Where Safe's contracts are on every public chain (safe-deployments), and on the local chains. */
export const SAFE_ADDRESSES = {
  safeSingleton: '0x41675C099F32341bf84BFc5382aF534df5C7461a',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  safeModuleSetup: '0x2dd68b007B46fBe91B9A7c3EDa5A7a1063cB5b47',
  safe4337Module: '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226',
} as const satisfies Record<string, Address>

/** The account factory the embedded wallet's smart accounts come from: Safe's proxy factory. */
export const SMART_ACCOUNT_FACTORY_ADDRESS: Address = SAFE_ADDRESSES.safeProxyFactory

type SafeContract = keyof typeof SAFE_ADDRESSES

/** How each contract was deployed on public chains: which CREATE2 factory, which creation code (with constructor arguments). */
export const SAFE_DEPLOYMENTS: readonly { name: SafeContract; factory: Address; initCode: Hex }[] = [
  { name: 'safeSingleton', factory: SAFE_SINGLETON_FACTORY, initCode: safeSingletonBytecode },
  { name: 'safeProxyFactory', factory: SAFE_SINGLETON_FACTORY, initCode: safeProxyFactoryBytecode },
  { name: 'multiSend', factory: SAFE_SINGLETON_FACTORY, initCode: multiSendBytecode },
  { name: 'multiSendCallOnly', factory: SAFE_SINGLETON_FACTORY, initCode: multiSendCallOnlyBytecode },
  { name: 'safeModuleSetup', factory: CREATE2_DEPLOYER, initCode: safeModuleSetupBytecode },
  // The module's one constructor argument is the EntryPoint it trusts.
  { name: 'safe4337Module', factory: CREATE2_DEPLOYER, initCode: concat([safe4337ModuleBytecode, encodeAbiParameters([{ type: 'address' }], [entryPoint07Address])]) },
]

export type AccountAbstraction = {
  entryPoint: Address
  /** The smart accounts' factory (Safe's proxy factory). */
  factory: Address
  safe: typeof SAFE_ADDRESSES
}

export type DeployAccountAbstractionOptions = {
  /** Pays for the deployments; the first development key by default. */
  deployerKey?: Hex | undefined
}

/**
 * Deploys the ERC-4337 contracts on an anvil chain, once: EntryPoint v0.7 is deployed
 * through the CREATE2 deployer and its runtime code copied to the canonical
 * `entryPoint07Address` (`anvil_setCode`), with its SenderCreator copied to where the
 * simulation contract expects it (the EntryPoint's first CREATE address). Safe's
 * contracts are deployed as Safe deployed them, and each must land at its canonical
 * address (else it throws). Calling it again on the same chain does nothing. anvil only
 * (it needs `anvil_setCode`).
 *
 * @example
 * const chain = await startLocalChain({ chainId: 1 })
 * const aa = await deployAccountAbstraction(chain.rpcUrl)
 * // aa.entryPoint === entryPoint07Address, aa.factory === SAFE_ADDRESSES.safeProxyFactory
 */
export async function deployAccountAbstraction(rpcUrl: string, options: DeployAccountAbstractionOptions = {}): Promise<AccountAbstraction> {
  const { publicClient, walletClient } = await localClients(rpcUrl, options.deployerKey ?? DEV_PRIVATE_KEYS[0])
  const result: AccountAbstraction = { entryPoint: ENTRY_POINT_ADDRESS, factory: SMART_ACCOUNT_FACTORY_ADDRESS, safe: SAFE_ADDRESSES }
  const hasCode = async (address: Address) => ((await publicClient.getCode({ address })) ?? '0x') !== '0x'
  if ((await hasCode(ENTRY_POINT_ADDRESS)) && (await hasCode(SAFE_ADDRESSES.safe4337Module))) return result

  const version = await publicClient.request({ method: 'web3_clientVersion' })
  if (!/^anvil\//i.test(version)) throw new Error(`deployAccountAbstraction needs anvil (anvil_setCode), the node is ${version}`)
  if (!(await hasCode(CREATE2_DEPLOYER))) throw new Error(`the CREATE2 deployer ${CREATE2_DEPLOYER} is missing on ${rpcUrl}`)

  const testClient = createTestClient({ mode: 'anvil', chain: publicClient.chain, transport: http(rpcUrl) })
  const create2 = async (factory: Address, initCode: Hex, what: string): Promise<Address> => {
    const address = getContractAddress({ opcode: 'CREATE2', from: factory, salt: zeroHash, bytecode: initCode })
    if (await hasCode(address)) return address
    const hash = await walletClient.sendTransaction({ to: factory, data: concat([zeroHash, initCode]) })
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    if (receipt.status !== 'success' || !(await hasCode(address))) throw new Error(`${what} deployment failed (${hash})`)
    return address
  }
  const setCode = async (address: Address, from: Address) => {
    const code = await publicClient.getCode({ address: from })
    if (!code || code === '0x') throw new Error(`no code at ${from} to copy to ${address}`)
    await testClient.setCode({ address, bytecode: code })
  }

  const deployedEntryPoint = await create2(CREATE2_DEPLOYER, entryPointBytecode, 'EntryPoint')
  await setCode(ENTRY_POINT_ADDRESS, deployedEntryPoint)
  // EntryPointSimulations (a bundler's gas estimation, run as an eth_call state override at
  // the canonical address) looks for its SenderCreator at the EntryPoint's first CREATE address.
  await setCode(getContractAddress({ from: ENTRY_POINT_ADDRESS, nonce: 1n }), getContractAddress({ from: deployedEntryPoint, nonce: 1n }))

  if (!(await hasCode(SAFE_SINGLETON_FACTORY))) await setCode(SAFE_SINGLETON_FACTORY, CREATE2_DEPLOYER)
  for (const { name, factory, initCode } of SAFE_DEPLOYMENTS) {
    const address = await create2(factory, initCode, name)
    if (address.toLowerCase() !== SAFE_ADDRESSES[name].toLowerCase()) throw new Error(`${name} landed at ${address}, not at its canonical ${SAFE_ADDRESSES[name]}`)
  }
  return result
}
