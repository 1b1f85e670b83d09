// The examples of docs/providers.md and docs/wagmi.md, run against a real connection:
// the injected dev wallet on local anvil chains, through createPortico's real sagas.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { connect, getAccount, waitForTransactionReceipt, writeContract } from '@wagmi/core'
import { createPublicClient, http, parseAbi, parseEventLogs } from 'viem'
import { devAccounts } from '../../dev/chain/devAccounts'
import { installDevWallet } from '../../dev/wallets/injected'
import { createTestHost } from '../../dev/wallets/injected/testing'
import { NotConnectedError, type CaipNetwork } from '../../src'
import { connectDevWallet, devWalletPorticos, memoryKeyValueStore } from '../../src/test/devWalletPortico'
import { untilState } from '../../src/test/untilState'
import { followConnection, logConnections, mintTo, porticoWalletClient } from './viemProvider'
import { createDappConfig } from './wagmiConfig'

jest.setTimeout(60_000)

const env = devWalletPorticos()
const { start } = env
const transferAbi = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])

describe('the guides embed their examples verbatim', () => {
  it.each([
    ['providers.md', 'viemProvider.ts'],
    ['wagmi.md', 'wagmiConfig.ts'],
    ['smart-accounts.md', 'sponsoredMint.ts'],
  ])('%s embeds docs/examples/%s', (guide, example) => {
    const code = readFileSync(join(__dirname, example), 'utf8')
    expect(readFileSync(join(__dirname, '..', guide), 'utf8')).toContain(`\`\`\`ts\n${code}\`\`\``)
  })
})

describe('docs/providers.md', () => {
  it('a viem WalletClient over the connection mints an NFT that the chain then shows', async () => {
    const { portico, wallet } = start({ account: 5 })
    expect(() => porticoWalletClient(portico)).toThrow(NotConnectedError)
    await connectDevWallet(portico)
    const hash = await mintTo(portico, env.dev.chains[0]!.nft.address)
    const receipt = await createPublicClient({ transport: http(env.dev.chains[0]!.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(parseEventLogs({ abi: transferAbi, eventName: 'Transfer', logs: receipt.logs })[0]?.args.to).toBe(wallet.address)
  })

  it('followConnection hears the connect, a network switch made in the modal, and the disconnect', async () => {
    const { portico, wallet } = start({ account: 3 })
    const states: unknown[] = []
    const stop = followConnection(portico, (state) => states.push(state))
    await connectDevWallet(portico)
    await portico.switchNetwork('eip155:10')
    await portico.disconnect()
    stop()
    expect(states).toEqual([
      { account: wallet.address, chainId: 1 },
      { account: wallet.address, chainId: 10 },
      { account: undefined, chainId: 10 },
    ])
  })

  it('logConnections writes what the visitor did in the modal', async () => {
    const { portico, wallet } = start({ account: 3 })
    const lines: string[] = []
    logConnections(portico, (line) => lines.push(line))
    await connectDevWallet(portico)
    await portico.switchNetwork('eip155:10')
    await portico.disconnect()
    // After a disconnect that leaves no account, the dapp's default network is active again (docs/solana-bitcoin.md).
    expect(lines).toEqual([`connected ${wallet.address} on eip155:1 with Portico Dev Wallet`, 'switched to eip155:10', 'disconnected eip155', 'switched to eip155:1'])
  })
})

describe('docs/wagmi.md', () => {
  it("createDappConfig: wagmi's connect opens the modal, and writeContract mints through the wallet the visitor picked", async () => {
    const host = createTestHost()
    const account = devAccounts[6]!
    const installed = installDevWallet({ rpcUrls: env.dev.rpcUrls, privateKey: account.privateKey, window: host })
    const { portico, wagmiConfig } = createDappConfig(
      { projectId: 'dapp', networks: env.dev.networks as [CaipNetwork, ...CaipNetwork[]], portico: { devtools: false, features: { email: false, socials: false } } },
      { window: host as unknown as Window, storage: memoryKeyValueStore() },
    )
    try {
      const connecting = connect(wagmiConfig, { connector: wagmiConfig.connectors[0]! })
      await untilState(portico, (s) => s.modal.open)
      await connectDevWallet(portico)
      await connecting
      expect(getAccount(wagmiConfig)).toMatchObject({ status: 'connected', address: account.address, chainId: 1 })
      const nft = env.dev.chains[0]!.nft
      const hash = await writeContract(wagmiConfig, { address: nft.address, abi: nft.abi, functionName: 'mint', args: [account.address] })
      expect((await waitForTransactionReceipt(wagmiConfig, { hash, pollingInterval: 50 })).status).toBe('success')
    } finally {
      portico.destroy()
      installed.uninstall()
    }
  })
})
