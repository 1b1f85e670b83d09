// The eip155 plugin against real chains: two anvil nodes (chain 1 and chain 10) with the
// test token, and the injected dev wallet, discovered through EIP-6963 as a dapp would.
import { createPublicClient, http, parseEther, parseUnits, verifyMessage, type Hex, type PublicClient } from 'viem'
import { devAccounts } from '../../../dev/chain/devAccounts'
import { startDevChains, type DevChains } from '../../../dev/chain/devChains'
import { createDevWalletProvider, installDevWallet, type DevWalletOptions, type DevWalletProvider, type RequestArguments } from '../../../dev/wallets/injected'
import { announce, createTestHost, wrapProvider, type WrapOptions } from '../../../dev/wallets/injected/testing'
import { ErrorTemplates, RpcError, SwitchChainNotSupportedError, TransactionNodeError, ValidationError } from '../../errors'
import type { CaipNetwork } from '../../types/network'
import type { ConnectorCapability, EvmCapability, ConnectorEvent } from '../types'
import { ChainMismatchError } from './errors'
import { eip155 } from './plugin'
import { SendCallsMessages } from './sendCalls'
import { rejection } from '../../test/rejection'

let dev: DevChains
let one: CaipNetwork
let ten: CaipNetwork
let token: Hex
const clients: Record<number, PublicClient> = {}

beforeAll(async () => {
  dev = await startDevChains()
  ;[one, ten] = dev.networks as [CaipNetwork, CaipNetwork]
  token = dev.chains[0]!.token.address
  for (const chain of dev.chains) clients[chain.chainId] = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
})
afterAll(() => dev?.stop())

const stops: (() => void)[] = []
afterEach(() => {
  while (stops.length) stops.pop()!()
})

type Setup = Partial<Pick<DevWalletOptions, 'approve' | 'unsupportedMethods' | 'chainId' | 'authorized'>> & {
  account?: number
  /** Chains the wallet knows; both by default. */
  chains?: readonly number[]
  /** Put the wallet behind a wrapper that rewrites requests or errors. */
  wrap?: WrapOptions
}

/** A dapp page with one dev wallet, and an eip155 plugin that discovered it. */
function setup(options: Setup = {}) {
  const host = createTestHost()
  const account = devAccounts[options.account ?? 0]!
  const rpcUrls = Object.fromEntries((options.chains ?? [1, 10]).map((id) => [id, dev.rpcUrls[id]!]))
  const walletOptions = { rpcUrls, privateKey: account.privateKey, ...options }
  let wallet: DevWalletProvider
  let wrapped: ReturnType<typeof wrapProvider> | undefined
  if (options.wrap) {
    wallet = createDevWalletProvider(walletOptions)
    wrapped = wrapProvider(wallet, options.wrap)
    stops.push(announce(host, wrapped, { rdns: 'dev.portico.wallet', name: 'Wrapped Dev Wallet' }))
  } else {
    const installed = installDevWallet({ ...walletOptions, window: host })
    wallet = installed.provider
    stops.push(installed.uninstall)
  }
  const plugin = eip155({ networks: dev.networks })
  stops.push(plugin.connectors!.discover({ projectId: 'p', networks: dev.networks, window: host as unknown as Window }, () => {}))
  const connectors = plugin.connectors as Required<ConnectorCapability>
  const connectorId = 'dev.portico.wallet'
  return { plugin, connectors, evm: plugin.evm as Required<EvmCapability>, balance: plugin.balance!, wallet, wrapped, connectorId, account }
}

const receipt = (chainId: number, hash: Hex) => clients[chainId]!.waitForTransactionReceipt({ hash, pollingInterval: 20 })
const ethOf = (chainId: number, address: Hex) => clients[chainId]!.getBalance({ address })
const pttOf = (chainId: number, address: Hex) => clients[chainId]!.readContract({ address: token, abi: dev.chains[0]!.token.abi, functionName: 'balanceOf', args: [address] })

describe('connect, reconnect, disconnect', () => {
  it('connects with eth_requestAccounts and reports the wallet chain as CAIP-2', async () => {
    const { connectors, connectorId, account } = setup({ account: 1 })
    const connected = await connectors.connect({ connectorId, network: one })
    expect(connected).toEqual({ address: account.address, accounts: [{ address: account.address }], caipNetworkId: 'eip155:1' })
  })

  it('reports the chain the wallet is on, not the one asked for', async () => {
    const { connectors, connectorId } = setup({ account: 1, chainId: 10 })
    expect((await connectors.connect({ connectorId, network: one })).caipNetworkId).toBe('eip155:10')
  })

  it('turns a refusal into a user-rejection RpcError', async () => {
    const { connectors, connectorId } = setup({ approve: () => false })
    const error = await rejection(connectors.connect({ connectorId, network: one }))
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(4001)
    expect((error as RpcError).isUserRejection).toBe(true)
  })

  it('refuses an unknown connector id with the SPEC message', async () => {
    const { connectors } = setup()
    await expect(connectors.connect({ connectorId: 'io.unknown', network: one })).rejects.toThrow('Address or auth connector not found')
  })

  it('reconnects silently with eth_accounts only while the wallet still authorises the page', async () => {
    const { connectors, connectorId, wallet, account } = setup({ account: 2, approve: (request) => request.method !== 'eth_requestAccounts' })
    expect(await connectors.reconnect({ connectorId, network: one })).toBeNull()
    const authorised = setup({ account: 2, authorized: true })
    expect(await authorised.connectors.reconnect({ connectorId, network: one })).toEqual({
      address: account.address,
      accounts: [{ address: account.address }],
      caipNetworkId: 'eip155:1',
    })
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
    expect(await connectors.reconnect({ connectorId: 'io.not-discovered', network: one })).toBeNull()
  })

  it('disconnects with wallet_revokePermissions, after which reconnect finds nothing', async () => {
    const { connectors, connectorId } = setup({ account: 2 })
    await connectors.connect({ connectorId, network: one })
    await connectors.disconnect({ connectorId })
    expect(await connectors.reconnect({ connectorId, network: one })).toBeNull()
  })

  it('disconnects locally when the wallet has no wallet_revokePermissions', async () => {
    const { connectors, connectorId } = setup({ account: 2, unsupportedMethods: ['wallet_revokePermissions'] })
    await connectors.connect({ connectorId, network: one })
    await expect(connectors.disconnect({ connectorId })).resolves.toBeUndefined()
    // The wallet keeps its grant; core forgets the connection (it no longer calls reconnect).
    expect(await connectors.reconnect({ connectorId, network: one })).not.toBeNull()
  })
})

describe('provider events', () => {
  it('reports account, chain and disconnect events in order, then removes its listeners', async () => {
    const { connectors, connectorId, wallet } = setup({ account: 3 })
    await connectors.connect({ connectorId, network: one })
    const events: ConnectorEvent[] = []
    const unwatch = connectors.watch({ connectorId }, (event) => events.push(event))
    expect(wallet.listenerCount('chainChanged')).toBe(1)

    wallet.setAccount(devAccounts[4]!.privateKey)
    await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    wallet.disconnectAll()
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [devAccounts[4]!.address] }, { type: 'chainChanged', caipNetworkId: 'eip155:10' }, { type: 'disconnect' }])

    unwatch()
    for (const event of ['accountsChanged', 'chainChanged', 'disconnect'] as const) expect(wallet.listenerCount(event)).toBe(0)
  })

  it('reports a revoked permission as an empty account list (core treats it as a disconnect)', async () => {
    const { connectors, connectorId, wallet } = setup({ account: 3 })
    await connectors.connect({ connectorId, network: one })
    const events: ConnectorEvent[] = []
    stops.push(connectors.watch({ connectorId }, (event) => events.push(event)))
    await wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [] }])
  })
})

describe('balances from the RPC', () => {
  it('reads the native balance with the network currency', async () => {
    const { balance } = setup()
    const address = devAccounts[9]!.address
    expect(await balance.getBalance({ address, network: one })).toEqual({
      value: (await ethOf(1, address)).toString(),
      decimals: 18,
      symbol: 'ETH',
    })
  })

  it('reads an ERC-20 balance with its decimals, symbol and name', async () => {
    const { balance } = setup()
    expect(await balance.getTokenBalance!({ address: devAccounts[9]!.address, network: ten, token })).toEqual({
      value: parseUnits('1000000', 18).toString(),
      decimals: 18,
      symbol: 'PTT',
      name: 'Portico Test Token',
    })
  })

  it('says which network has no RPC URL', async () => {
    const { balance } = setup()
    const bare = { ...one, rpcUrls: { default: { http: [] } } }
    await expect(balance.getBalance({ address: devAccounts[0]!.address, network: bare })).rejects.toThrow('No RPC url provided for chainId')
  })
})

describe('sign and send', () => {
  it('signs a message with personal_sign', async () => {
    const { connectors, connectorId, account } = setup({ account: 5 })
    await connectors.connect({ connectorId, network: one })
    const signature = (await connectors.signMessage({ connectorId, address: account.address, message: 'Sign in to Portico' })) as Hex
    expect(await verifyMessage({ address: account.address, message: 'Sign in to Portico', signature })).toBe(true)
  })

  it('sends ETH, and the chain shows the new balances', async () => {
    const { connectors, connectorId, account } = setup({ account: 5 })
    await connectors.connect({ connectorId, network: one })
    const to = devAccounts[6]!.address
    const [fromBefore, toBefore] = [await ethOf(1, account.address), await ethOf(1, to)]
    const amount = parseEther('1.5')
    const hash = await connectors.sendTransaction({ connectorId, network: one, from: account.address, to, amount: amount.toString() })
    const mined = await receipt(1, hash as Hex)
    expect(mined.status).toBe('success')
    expect(mined.gasUsed).toBe(21_000n) // the estimate the plugin passed is what a transfer costs
    expect(await ethOf(1, to)).toBe(toBefore + amount)
    expect(await ethOf(1, account.address)).toBe(fromBefore - amount - mined.gasUsed * mined.effectiveGasPrice)
  })

  it('sends the ERC-20 with transfer(), and the token balances move on chain', async () => {
    const { connectors, connectorId, account, balance } = setup({ account: 5 })
    await connectors.connect({ connectorId, network: one })
    const to = devAccounts[6]!.address
    const [fromBefore, toBefore] = [await pttOf(1, account.address), await pttOf(1, to)]
    const amount = parseUnits('250', 18)
    const hash = await connectors.sendTransaction({ connectorId, network: one, from: account.address, to, amount: amount.toString(), token })
    expect((await receipt(1, hash as Hex)).status).toBe('success')
    expect(await pttOf(1, to)).toBe(toBefore + amount)
    expect((await balance.getTokenBalance!({ address: account.address, network: one, token })).value).toBe((fromBefore - amount).toString())
  })

  it('refuses a malformed send before asking the wallet', async () => {
    const { connectors, connectorId, account, wrapped } = setup({ account: 5, wrap: {} })
    await connectors.connect({ connectorId, network: one })
    const error = await rejection(connectors.sendTransaction({ connectorId, network: one, from: account.address, to: 'vitalik', amount: '1.5' }))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(['to', 'amount'])
    expect(wrapped!.calls.map((call) => call.method)).not.toContain('eth_sendTransaction')
  })

  it('refuses to send on a network the wallet is not on', async () => {
    const { connectors, connectorId, account } = setup({ account: 5 })
    await connectors.connect({ connectorId, network: one })
    const error = await rejection(connectors.sendTransaction({ connectorId, network: ten, from: account.address, to: account.address, amount: '1' }))
    expect(error).toBeInstanceOf(ChainMismatchError)
    expect((error as ChainMismatchError).shortMessage).toBe('The wallet is not on OP Mainnet. Switch the wallet to OP Mainnet and try again.')
  })

  it('passes a refusal to sign through as a user rejection', async () => {
    const { connectors, connectorId, account } = setup({ account: 5, approve: (request) => request.method !== 'eth_sendTransaction' })
    await connectors.connect({ connectorId, network: one })
    const error = await rejection(connectors.sendTransaction({ connectorId, network: one, from: account.address, to: account.address, amount: '1' }))
    expect((error as RpcError).isUserRejection).toBe(true)
  })
})

describe('node errors become readable messages', () => {
  const sendWith = async (wrap: WrapOptions, overrides: { amount?: string; token?: Hex } = {}) => {
    const { connectors, connectorId, account, wrapped } = setup({ account: 7, wrap })
    await connectors.connect({ connectorId, network: one })
    const error = await rejection(
      connectors.sendTransaction({ connectorId, network: one, from: account.address, to: devAccounts[8]!.address, amount: overrides.amount ?? '1000', token: overrides.token }),
    )
    return { error: error as TransactionNodeError, calls: wrapped!.calls }
  }
  const rewriteSend =
    (fields: Record<string, Hex>) =>
    (args: RequestArguments): RequestArguments =>
      args.method === 'eth_sendTransaction' ? { ...args, params: [{ ...(args.params as object[])[0], ...fields }] } : args

  it('insufficient funds', async () => {
    const { error } = await sendWith({}, { amount: parseEther('1000000').toString() })
    expect(error).toBeInstanceOf(TransactionNodeError)
    expect(error.kind).toBe('insufficientFunds')
    expect(error.details).toMatch(/insufficient funds/i) // the node's own words stay as details
    expect(error.shortMessage).toBe('Insufficient funds: the account cannot pay the amount plus the network fee.')
  })

  it('insufficient funds for the fee alone, on a send that carries no value: in words, with the native symbol', async () => {
    // A fee far above the balance on a transaction of value 0 (as a token transfer or a contract call is).
    const { error } = await sendWith({ rewrite: rewriteSend({ maxFeePerGas: `0x${'f'.repeat(24)}`, maxPriorityFeePerGas: '0x1' }) }, { amount: '0' })
    expect(error.kind).toBe('insufficientFunds')
    expect(error.code).toBe('node/insufficientFunds')
    expect(error.shortMessage).toBe(`This account has no ${one.nativeCurrency.symbol} to pay the network fee`)
  })

  it('nonce too low', async () => {
    // Make sure the account has sent something, then replay nonce 0.
    const first = setup({ account: 7 })
    await first.connectors.connect({ connectorId: first.connectorId, network: one })
    await receipt(1, (await first.connectors.sendTransaction({ connectorId: first.connectorId, network: one, from: first.account.address, to: first.account.address, amount: '1' })) as Hex)
    const { error } = await sendWith({ rewrite: rewriteSend({ nonce: '0x0' }) })
    expect(error.kind).toBe('nonceTooLow')
    expect(error.details).toMatch(/nonce too low/i)
    expect(error.shortMessage).toBe('This transaction was already sent (nonce too low). Refresh and try again.')
  })

  it('fee cap below the base fee', async () => {
    const { error } = await sendWith({ rewrite: rewriteSend({ maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1' }) })
    expect(error.kind).toBe('feeCapTooLow')
    expect(error.details).toMatch(/base fee/i)
    expect(error.shortMessage).toBe('The fee is below the network base fee. Raise the max fee and try again.')
  })

  it('gas limit too low', async () => {
    const { error } = await sendWith({ rewrite: rewriteSend({ gas: '0x1' }) })
    expect(error.kind).toBe('gasTooLow')
    expect(error.details).toMatch(/intrinsic gas too low/i)
    expect(error.shortMessage).toBe('The gas limit is too low for this transaction.')
  })

  it('a token transfer that would revert is refused at estimation, before the wallet is asked', async () => {
    const { error, calls } = await sendWith({}, { amount: parseUnits('2000000', 18).toString(), token })
    expect(error.kind).toBe('executionReverted')
    expect(error.shortMessage).toBe('The transaction would fail on chain (execution reverted).')
    expect(error.details).toContain('ERC20: transfer amount exceeds balance')
    expect(calls.map((call) => call.method)).not.toContain('eth_sendTransaction')
  })
})

describe('network switching', () => {
  it('adds the chain on 4902, switches, and then sends on it', async () => {
    const { connectors, connectorId, wallet, wrapped, account } = setup({ account: 8, chains: [1], wrap: {} })
    await connectors.connect({ connectorId, network: one })
    const events: ConnectorEvent[] = []
    stops.push(connectors.watch({ connectorId }, (event) => events.push(event)))

    await connectors.switchNetwork({ connectorId, network: ten })
    expect(wrapped!.calls.map((call) => call.method).filter((m) => m.startsWith('wallet_'))).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain'])
    expect(wrapped!.calls.find((call) => call.method === 'wallet_addEthereumChain')!.params).toEqual([
      { chainId: '0xa', chainName: 'OP Mainnet', nativeCurrency: ten.nativeCurrency, rpcUrls: [dev.rpcUrls[10]], blockExplorerUrls: undefined, iconUrls: undefined },
    ])
    expect(wallet.chainId).toBe(10)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(events).toEqual([{ type: 'chainChanged', caipNetworkId: 'eip155:10' }])

    const before = await ethOf(10, devAccounts[9]!.address)
    const hash = await connectors.sendTransaction({ connectorId, network: ten, from: account.address, to: devAccounts[9]!.address, amount: '12345' })
    await receipt(10, hash as Hex)
    expect(await ethOf(10, devAccounts[9]!.address)).toBe(before + 12345n)
  })

  it('understands 4902 wrapped in data.originalError', async () => {
    const wrap: WrapOptions = {
      rewriteError: (error) => ((error as { code?: number }).code === 4902 ? { code: -32603, message: 'Internal JSON-RPC error.', data: { originalError: error } } : error),
    }
    const { connectors, connectorId, wallet } = setup({ account: 8, chains: [1], wrap })
    await connectors.switchNetwork({ connectorId, network: ten })
    expect(wallet.chainId).toBe(10)
  })

  it('asks nothing when the wallet is already on the chain', async () => {
    const { connectors, connectorId, wrapped } = setup({ account: 8, wrap: {} })
    await connectors.switchNetwork({ connectorId, network: one })
    expect(wrapped!.calls.map((call) => call.method)).toEqual(['eth_chainId'])
  })

  it('throws the SPEC §5 message when the wallet lacks wallet_switchEthereumChain', async () => {
    const { connectors, connectorId } = setup({ account: 8, unsupportedMethods: ['wallet_switchEthereumChain'] })
    const error = await rejection(connectors.switchNetwork({ connectorId, network: ten }))
    expect(error).toBeInstanceOf(SwitchChainNotSupportedError)
    expect((error as SwitchChainNotSupportedError).shortMessage).toBe(
      "Failed to switch to chain 'eip155:10'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method.",
    )
  })

  it('throws the SPEC §5 message when the chain is unknown and cannot be added', async () => {
    const { connectors, connectorId } = setup({ account: 8, chains: [1], unsupportedMethods: ['wallet_addEthereumChain'] })
    const error = await rejection(connectors.switchNetwork({ connectorId, network: ten }))
    expect((error as SwitchChainNotSupportedError).shortMessage).toBe(ErrorTemplates.failedToSwitchChain(10))
  })

  it('passes a refused switch through as a user rejection', async () => {
    const { connectors, connectorId } = setup({ account: 8, approve: (request) => request.method !== 'wallet_switchEthereumChain' })
    const error = await rejection(connectors.switchNetwork({ connectorId, network: ten }))
    expect((error as RpcError).code).toBe(4001)
  })
})

describe('EIP-5792 calls', () => {
  it('sends a batch with wallet_sendCalls and reads its status', async () => {
    const { connectors, evm, connectorId, account } = setup({ account: 9 })
    await connectors.connect({ connectorId, network: one })
    const to = devAccounts[0]!.address
    const [ethBefore, pttBefore] = [await ethOf(1, to), await pttOf(1, to)]
    const { id } = await evm.sendCalls({
      connectorId,
      network: one,
      from: account.address,
      calls: [
        { to, value: '777' },
        { to: token, data: `0xa9059cbb${to.slice(2).toLowerCase().padStart(64, '0')}${5n.toString(16).padStart(64, '0')}` },
      ],
    })
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)
    // EIP-5792: 100 while the calls are pending; the wallet answers 200 once every receipt is in.
    let status = await evm.getCallsStatus({ connectorId, id })
    for (let polls = 0; status.status === 100 && polls < 200; polls++) {
      await new Promise((resolve) => setTimeout(resolve, 25))
      status = await evm.getCallsStatus({ connectorId, id })
    }
    expect(status).toMatchObject({ id, status: 200, chainId: '0x1', atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(await ethOf(1, to)).toBe(ethBefore + 777n)
    expect(await pttOf(1, to)).toBe(pttBefore + 5n)
  })

  it("passes the dapp's ERC-7677 paymasterService capability to the injected wallet untouched", async () => {
    const { connectors, evm, connectorId, account, wrapped } = setup({ account: 9, wrap: {} })
    await connectors.connect({ connectorId, network: one })
    const capabilities = { paymasterService: { url: 'https://paymaster.example/rpc?key=abc', context: { policyId: 'p-1' }, optional: true } }
    await evm.sendCalls({ connectorId, network: one, from: account.address, calls: [{ to: devAccounts[0]!.address, value: '1' }], capabilities })
    const sent = wrapped!.calls.filter((call) => call.method === 'wallet_sendCalls').at(-1)!
    expect((sent.params as [{ capabilities: unknown }])[0].capabilities).toEqual(capabilities)
  })

  it.each([
    ['a to without 0x', [{ to: 'd8dA6BF26964aF9D7eEd9e03E53415D37aA96045' }], 'calls[0].to', SendCallsMessages.to],
    ['data without 0x', [{ to: '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', data: 'a9059cbb' }], 'calls[0].data', SendCallsMessages.data],
  ])('refuses %s before asking the wallet (SPEC §5)', async (_case, calls, path, message) => {
    const { evm, connectorId, account, wrapped } = setup({ account: 9, wrap: {} })
    const error = await rejection(evm.sendCalls({ connectorId, network: one, from: account.address, calls }))
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).shortMessage).toBe(message)
    expect((error as ValidationError).issues).toEqual([{ path, message }])
    expect(wrapped!.calls).toEqual([])
  })

  it('passes wallet capability errors through with their code', async () => {
    const { connectors, evm, connectorId, account } = setup({ account: 9 })
    await connectors.connect({ connectorId, network: one })
    const atomic = await rejection(evm.sendCalls({ connectorId, network: one, from: account.address, atomicRequired: true, calls: [{ to: account.address }] }))
    expect((atomic as RpcError).rpcName).toBe('AtomicityNotSupported')
    const unknown = await rejection(evm.getCallsStatus({ connectorId, id: '0x01' }))
    expect((unknown as RpcError).rpcName).toBe('UnknownBundleId')
  })

  it('asks for capabilities with the address, and refuses a request without one', async () => {
    const { connectors, evm, connectorId, account } = setup({ account: 9 })
    await connectors.connect({ connectorId, network: one })
    expect(await evm.getCapabilities({ connectorId, address: account.address, caipNetworkIds: ['eip155:10'] })).toEqual({
      '0xa': { atomic: { status: 'unsupported' } },
    })
    await expect(evm.getCapabilities({ connectorId, address: '' })).rejects.toThrow('Capabilities requests need an address parameter.')
  })
})
