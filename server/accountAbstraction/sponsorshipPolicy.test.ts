import { createPublicClient, encodeFunctionData, encodePacked, http, parseAbi, size, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPoint07Address } from 'viem/account-abstraction'
import { toSafeSmartAccount } from 'permissionless/accounts'
import { DEV_PRIVATE_KEYS } from '../../dev/chain/devAccounts'
import { MULTI_SEND_CALL_ONLY_ADDRESS } from './accountFactory'
import { DEV_SPONSORSHIP_POLICY, operationCalls, policyRefusal, type SponsorshipPolicy } from './sponsorshipPolicy'

const nft = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const other = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const mint = '0x40c10f19'
const transfer = '0xa9059cbb'
const abi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
  'function executeBatch(address[] targets, uint256[] values, bytes[] datas)',
])
const withArgs = (selector: Hex) => `${selector}${'00'.repeat(64)}` as Hex
const execute = (to: Hex, data: Hex) => encodeFunctionData({ abi, functionName: 'execute', args: [to, 0n, data] })
const batch = (calls: [Hex, Hex][]) => encodeFunctionData({ abi: [abi[1]], functionName: 'executeBatch', args: [calls.map(([target, data]) => ({ target, value: 0n, data }))] })
const simpleBatch = (calls: [Hex, Hex][]) => encodeFunctionData({ abi: [abi[2]], functionName: 'executeBatch', args: [calls.map(([to]) => to), calls.map(() => 0n), calls.map(([, data]) => data)] })

const policy: SponsorshipPolicy = {
  chains: ['eip155:1'],
  contracts: [{ address: nft, selectors: [mint] }, { address: token }],
  perUserPerDayWei: 1n,
  perProjectPerDayWei: 1n,
}

describe("reading a user operation's calls, whichever ERC-4337 account sends it", () => {
  it('reads execute, the array-of-structs executeBatch (solady, Coinbase, SimpleAccount 0.8) and SimpleAccount 0.7 executeBatch', () => {
    expect(operationCalls(execute(nft, withArgs(mint)))).toEqual([{ to: nft, selector: mint }])
    expect(operationCalls(execute(other, '0x'))).toEqual([{ to: other, selector: '0x' }])
    expect(
      operationCalls(
        batch([
          [nft, withArgs(mint)],
          [token, withArgs(transfer)],
        ]),
      ),
    ).toEqual([
      { to: nft, selector: mint },
      { to: token, selector: transfer },
    ])
    expect(operationCalls(simpleBatch([[token, withArgs(transfer)]]))).toEqual([{ to: token, selector: transfer }])
    expect(operationCalls('0xdeadbeef')).toBeUndefined()
  })
})

describe("reading a Safe's calls (the embedded wallet's account)", () => {
  const safeAbi = parseAbi(['function executeUserOp(address to, uint256 value, bytes data, uint8 operation)', 'function multiSend(bytes transactions)'])
  const packed = (calls: [number, Hex, Hex][]) =>
    encodePacked(
      calls.flatMap(() => ['uint8', 'address', 'uint256', 'uint256', 'bytes'] as const),
      calls.flatMap(([operation, to, data]) => [operation, to, 0n, BigInt(size(data)), data]),
    )
  const delegateTo = (to: Hex, transactions: Hex) =>
    encodeFunctionData({ abi: safeAbi, functionName: 'executeUserOp', args: [to, 0n, encodeFunctionData({ abi: safeAbi, functionName: 'multiSend', args: [transactions] }), 1] })

  it('reads the calls as permissionless encodes them for the Safe: one call, and a batch through MultiSendCallOnly', async () => {
    // With its address given, the account encodes without asking a chain.
    const client = createPublicClient({ transport: http('http://127.0.0.1:9') }) as PublicClient
    const account = await toSafeSmartAccount({
      client,
      owners: [privateKeyToAccount(DEV_PRIVATE_KEYS[0])],
      version: '1.4.1',
      entryPoint: { address: entryPoint07Address, version: '0.7' },
      address: other,
    })
    expect(operationCalls(await account.encodeCalls([{ to: nft, data: withArgs(mint) }]))).toEqual([{ to: nft, selector: mint }])
    const both = await account.encodeCalls([
      { to: nft, data: withArgs(mint) },
      { to: token, value: 5n, data: '0x' },
    ])
    expect(operationCalls(both)).toEqual([
      { to: nft, selector: mint },
      { to: token, selector: '0x' },
    ])
    expect(policyRefusal(policy, 'eip155:1', both)).toBeUndefined()
  })

  it('a delegate call anywhere but MultiSendCallOnly, a delegate call inside the batch, or a cut batch is not readable', () => {
    expect(operationCalls(delegateTo(other, packed([[0, nft, withArgs(mint)]])))).toBeUndefined()
    expect(operationCalls(delegateTo(MULTI_SEND_CALL_ONLY_ADDRESS, packed([[0, nft, withArgs(mint)]])))).toEqual([{ to: nft, selector: mint }])
    expect(operationCalls(delegateTo(MULTI_SEND_CALL_ONLY_ADDRESS, packed([[1, nft, withArgs(mint)]])))).toBeUndefined()
    expect(operationCalls(delegateTo(MULTI_SEND_CALL_ONLY_ADDRESS, packed([[0, nft, withArgs(mint)]]).slice(0, -2) as Hex))).toBeUndefined()
    expect(policyRefusal(policy, 'eip155:1', delegateTo(other, packed([[0, nft, withArgs(mint)]])))).toMatchObject({ code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED' })
  })
})

describe('the sponsorship policy', () => {
  it('covers the listed functions of a contract, and every function of a contract listed without selectors', () => {
    expect(policyRefusal(policy, 'eip155:1', execute(nft, withArgs(mint)))).toBeUndefined()
    expect(
      policyRefusal(
        policy,
        'eip155:1',
        batch([
          [nft, withArgs(mint)],
          [token, withArgs(transfer)],
        ]),
      ),
    ).toBeUndefined()
    expect(policyRefusal(policy, 'eip155:1', execute(token, '0x'))).toBeUndefined()
  })

  it('refuses another chain, another contract, another function, a plain transfer and calls it cannot read, saying why', () => {
    expect(policyRefusal(policy, 'eip155:10', execute(nft, withArgs(mint)))).toEqual({ code: 'SPONSORSHIP_NOT_ON_CHAIN', message: 'Gas is not sponsored on eip155:10 for this dapp' })
    expect(
      policyRefusal(
        policy,
        'eip155:1',
        batch([
          [nft, withArgs(mint)],
          [other, withArgs(mint)],
        ]),
      ),
    ).toEqual({
      code: 'SPONSORSHIP_CONTRACT_NOT_SPONSORED',
      message: `This contract is not sponsored: ${other}`,
    })
    expect(policyRefusal(policy, 'eip155:1', execute(nft, withArgs(transfer)))?.message).toBe(`This contract is not sponsored: ${nft} (function ${transfer})`)
    expect(policyRefusal(policy, 'eip155:1', execute(nft, '0x'))?.message).toBe(`This contract is not sponsored: ${nft} (a plain transfer)`)
    expect(policyRefusal(policy, 'eip155:1', '0xdeadbeef')?.message).toBe("This contract is not sponsored: the account's calls could not be read to match them to the dapp's sponsored contracts")
    expect(policyRefusal(undefined, 'eip155:1', execute(nft, withArgs(mint)))).toEqual({ code: 'SPONSORSHIP_OFF', message: 'This dapp does not sponsor gas' })
  })

  it('covers every chain and call with "all", as the development project does', () => {
    expect(policyRefusal(DEV_SPONSORSHIP_POLICY, 'eip155:31337', '0xdeadbeef')).toBeUndefined()
  })
})
