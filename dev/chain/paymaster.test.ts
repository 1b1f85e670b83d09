// The local VerifyingPaymaster on a real anvil chain with Alto in front of it: a smart
// account with 0 ETH sends a user operation whose gas the paymaster's deposit pays.
import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBundlerClient, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import { startLocalBundlerChain, type LocalBundlerChain } from './alto'
import { ENTRY_POINT_ADDRESS } from './accountAbstraction'
import { localSmartAccount } from './localSmartAccount'
import { DEV_SPONSOR_ADDRESS, DEV_SPONSOR_KEY, PAYMASTER_DEPOSIT, VERIFYING_PAYMASTER_ADDRESS, deployVerifyingPaymaster, verifyingPaymasterAbi } from './paymaster'
import { devAccounts } from './devAccounts'
import {
  PAYMASTER_POST_OP_GAS_LIMIT,
  PAYMASTER_VERIFICATION_GAS_LIMIT,
  signPaymasterData,
  stubPaymasterData,
  verifyingPaymasterHash,
  type UserOperationFields,
} from '../../server/accountAbstraction/paymasterData'

jest.setTimeout(120_000)

let local: LocalBundlerChain
let client: PublicClient

beforeAll(async () => {
  local = await startLocalBundlerChain({ chainId: 1 })
  const chain = defineChain({ id: 1, name: 'Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [local.chain.rpcUrl] } } })
  client = createPublicClient({ chain, transport: http(local.chain.rpcUrl) }) as PublicClient
})

afterAll(async () => {
  await local?.stop()
})

const deposit = () => client.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getDeposit' })
const fields = (op: Partial<UserOperation<'0.7'>>): UserOperationFields => ({
  sender: op.sender!,
  nonce: op.nonce!,
  factory: op.factory,
  factoryData: op.factoryData,
  callData: op.callData!,
  callGasLimit: op.callGasLimit ?? 0n,
  verificationGasLimit: op.verificationGasLimit ?? 0n,
  preVerificationGas: op.preVerificationGas ?? 0n,
  maxFeePerGas: op.maxFeePerGas ?? 0n,
  maxPriorityFeePerGas: op.maxPriorityFeePerGas ?? 0n,
  paymasterVerificationGasLimit: op.paymasterVerificationGasLimit ?? PAYMASTER_VERIFICATION_GAS_LIMIT,
  paymasterPostOpGasLimit: op.paymasterPostOpGasLimit ?? PAYMASTER_POST_OP_GAS_LIMIT,
})

test('the stack deploys the VerifyingPaymaster at its CREATE2 address, signed for by the development sponsor key, with its deposit', async () => {
  expect(await client.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'verifyingSigner' })).toBe(DEV_SPONSOR_ADDRESS)
  expect(await client.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'entryPoint' })).toBe(ENTRY_POINT_ADDRESS)
  expect(await deposit()).toBe(PAYMASTER_DEPOSIT)
  // A second call changes nothing.
  await expect(deployVerifyingPaymaster(local.chain.rpcUrl)).resolves.toBe(VERIFYING_PAYMASTER_ADDRESS)
  expect(await deposit()).toBe(PAYMASTER_DEPOSIT)
})

test("a 0-ETH smart account's user operation lands with the paymaster paying: its deposit drops, the account keeps 0 ETH", async () => {
  const owner = privateKeyToAccount(generatePrivateKey())
  const sponsor = privateKeyToAccount(DEV_SPONSOR_KEY)
  const account = await localSmartAccount(client, owner)
  const validUntil = Math.floor(Date.now() / 1000) + 600
  let checkedOnChain = false
  const bundler = createBundlerClient({
    client,
    transport: http(local.alto.url),
    paymaster: {
      async getPaymasterStubData() {
        return {
          paymaster: VERIFYING_PAYMASTER_ADDRESS,
          paymasterData: stubPaymasterData(validUntil, 0),
          paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
          paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
        }
      },
      async getPaymasterData(op) {
        const where = { chainId: 1, paymaster: VERIFYING_PAYMASTER_ADDRESS, validUntil, validAfter: 0 }
        const unsigned = fields(op as Partial<UserOperation<'0.7'>>)
        // The hash computed off chain is the contract's own.
        const packed = toPackedUserOperation({ ...(op as unknown as UserOperation<'0.7'>), paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterData: stubPaymasterData(validUntil, 0), signature: '0x' })
        expect(await client.readContract({ address: VERIFYING_PAYMASTER_ADDRESS, abi: verifyingPaymasterAbi, functionName: 'getHash', args: [packed, validUntil, 0] })).toBe(
          verifyingPaymasterHash(unsigned, where),
        )
        checkedOnChain = true
        return { paymaster: VERIFYING_PAYMASTER_ADDRESS, paymasterData: await signPaymasterData(unsigned, { ...where, signer: sponsor }) }
      },
    },
  })
  const before = await deposit()
  const receiver = devAccounts[7]!.address
  const received = await client.getBalance({ address: receiver })

  const hash = await bundler.sendUserOperation({ account, calls: [{ to: receiver, value: 0n, data: '0x' }] })
  const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })

  expect(checkedOnChain).toBe(true)
  expect(receipt).toMatchObject({ success: true, paymaster: VERIFYING_PAYMASTER_ADDRESS })
  expect(await client.getBalance({ address: await account.getAddress() })).toBe(0n)
  expect(await deposit()).toBe(before - receipt.actualGasCost)
  expect(receipt.actualGasCost).toBeGreaterThan(0n)
  expect(await client.getBalance({ address: receiver })).toBe(received)
})
