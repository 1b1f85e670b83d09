// User operations from the embedded wallet's smart account (a Safe), timed in a real
// browser on a local chain with Alto, the VerifyingPaymaster and the reference server:
// from the dapp's `wallet_sendCalls` to `wallet_getCallsStatus` reporting the receipt,
// sponsored by the project's paymaster, and paid by the account itself (issue 28).
//
//   npx tsx bench/userOperations.ts [--operations 10]
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startLocalBundlerChain } from '../dev/chain/alto'
import { DEV_PRIVATE_KEYS, devAccounts } from '../dev/chain/devAccounts'
import { DEV_SPONSOR_KEY, VERIFYING_PAYMASTER_ADDRESS } from '../dev/chain/paymaster'
import { deployTestNft } from '../dev/chain/testNft'
import { openFrameBenchPage } from './framePage'
import { summarize, type Summary } from './stats'

export type UserOperationsResult = {
  date: string
  operations: number
  /** Per kind, ms from wallet_sendCalls to the status with the receipt. */
  kinds: Record<string, Summary>
  notes: string[]
}

const SPONSORED = 'wallet_sendCalls → receipt, gas sponsored (mint; the paymaster pays)'
const SELF_PAID = 'wallet_sendCalls → receipt, gas paid by the account (a transfer the policy does not cover)'

export async function runUserOperations({ operations = 10, log = console.log }: { operations?: number; log?: (line: string) => void } = {}): Promise<UserOperationsResult> {
  const cleanups: (() => Promise<unknown>)[] = []
  try {
    log('user operations: starting anvil, Alto and the paymaster...')
    const local = await startLocalBundlerChain({ chainId: 1 })
    cleanups.push(() => local.stop())
    const rpcUrl = local.chain.rpcUrl
    const nft = await deployTestNft(rpcUrl)
    const bench = await openFrameBenchPage({
      rpcUrls: { 'eip155:1': rpcUrl },
      accountAbstraction: {
        chainId: 'eip155:1',
        rpcUrl,
        bundlerUrl: local.alto.url,
        paymaster: { address: VERIFYING_PAYMASTER_ADDRESS, signer: privateKeyToAccount(DEV_SPONSOR_KEY) },
        // The mint is sponsored; a plain transfer is not, so the account pays for it.
        sponsorship: { chains: ['eip155:1'], contracts: [{ address: nft.address }], perUserPerDayWei: parseEther('100'), perProjectPerDayWei: parseEther('100') },
      },
      log,
    })
    cleanups.push(() => bench.close())
    const smart = bench.address
    const chain = createPublicClient({ transport: http(rpcUrl) })
    const funder = createWalletClient({ account: privateKeyToAccount(DEV_PRIVATE_KEYS[3]), transport: http(rpcUrl) })
    await chain.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: smart, value: parseEther('1'), chain: null }) })

    const mint = `0x6a627842${smart.slice(2).toLowerCase().padStart(64, '0')}` as const
    const receiver = devAccounts[9]!.address
    const time = async (name: string, calls: { to: Address; data?: `0x${string}`; value?: `0x${string}` }[]) => {
      log(`user operations: ${name}...`)
      const balanceBefore = await chain.getBalance({ address: smart })
      const times = await bench.page.evaluate(
        async ({ count, smart, calls }) => {
          const client = window.frameBench.client!
          const once = async () => {
            const started = performance.now()
            const { id } = (await client.rpcRequest('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x1', from: smart, atomicRequired: true, calls }])) as { id: string }
            for (;;) {
              const status = (await client.rpcRequest('wallet_getCallsStatus', [id])) as { status: number }
              if (status.status !== 100) {
                if (status.status !== 200) throw new Error(`the calls ended with status ${status.status}`)
                return performance.now() - started
              }
              await new Promise((resolve) => setTimeout(resolve, 25))
            }
          }
          await once() // warm-up: the account's deployment, first fetches, lazy code
          const out: number[] = []
          for (let i = 0; i < count; i++) out.push(await once())
          return out
        },
        { count: operations, smart, calls },
      )
      return { times, spent: balanceBefore - (await chain.getBalance({ address: smart })) }
    }
    const sponsored = await time(SPONSORED, [{ to: nft.address, data: mint }])
    const selfPaid = await time(SELF_PAID, [{ to: receiver, value: '0x1' }])
    // What each row claims: the sponsored ones cost the account nothing, the others their fee.
    if (sponsored.spent !== 0n) throw new Error(`user operations: sponsored operations cost the account ${sponsored.spent} wei`)
    if (selfPaid.spent <= BigInt(operations + 1)) throw new Error('user operations: the account paid no fee for its own operations')
    if (bench.pageErrors.length > 0) throw new Error(`user operations: page errors: ${bench.pageErrors.join('; ')}`)
    return {
      date: new Date().toISOString(),
      operations,
      kinds: { [SPONSORED]: summarize(sponsored.times), [SELF_PAID]: summarize(selfPaid.times) },
      notes: [
        'One operation in flight at a time, after one warm-up (which deploys the Safe); timed in the dapp page from the wallet_sendCalls call until wallet_getCallsStatus answers 200, polled every 25 ms.',
        'Each operation: the frame builds it (nonce, fees, gas estimate through the server to Alto), asks the paymaster (sponsored: stub, then signed data; self-paid: the stub is refused by the policy and the account pays), the owner signs the SafeOp in the frame, the server forwards it to Alto, Alto bundles it on anvil (automine), and the frame reads the receipt.',
        'In-frame approval is off (requireApproval: false): the prompt waits for a person, which is not what is timed.',
      ],
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined)
  }
}

export function userOperationsMarkdown(result: UserOperationsResult): string {
  const ms = (v: number) => v.toFixed(0)
  return [
    `${result.operations} user operations of each kind from the embedded wallet's smart account (a Safe), one at a time; ${result.date}.`,
    '',
    '| From the dapp | median ms | p99 ms | min–max ms |',
    '| --- | ---: | ---: | ---: |',
    ...Object.entries(result.kinds).map(([name, s]) => `| ${name} | ${ms(s.median)} | ${ms(s.p99)} | ${ms(s.min)}–${ms(s.max)} |`),
    '',
    ...result.notes.map((note) => `- ${note}`),
  ].join('\n')
}

if (require.main === module) {
  const args = process.argv.slice(2)
  const at = args.indexOf('--operations')
  runUserOperations({ operations: at >= 0 ? Number(args[at + 1]) : 10 }).then(
    (result) => console.log(userOperationsMarkdown(result)),
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
