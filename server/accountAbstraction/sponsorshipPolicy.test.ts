import { encodeFunctionData, parseAbi, type Hex } from 'viem'
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
