import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { startLocalChain, type LocalChain } from '../../chain'
import { startRelay, type Relay } from '../../relay'
import { createWalletConnectClient } from '../../../src/walletconnect/client'
import type { WalletConnectClient } from '../../../src/walletconnect/types'
import { dappMetadata, noteSignClientInit, settleSignClientTimers, testNetwork } from '../../../src/walletconnect/test/harness'
import { createWalletConnectDevWallet, type WalletConnectDevWallet } from './wallet'
import { builtInProtocols } from '../../../src/walletconnect/test/protocols'

// The dev wallet answers eth_sendTransaction against a real local chain (anvil).
let chain: LocalChain
let relay: Relay
let wallet: WalletConnectDevWallet
let dapp: WalletConnectClient

beforeAll(async () => {
  ;[chain, relay] = await Promise.all([startLocalChain({ chainId: 1 }), startRelay()])
  wallet = await createWalletConnectDevWallet({ relayUrl: relay.url, rpcUrls: { 1: chain.rpcUrl }, chainIds: [1] })
  dapp = createWalletConnectClient({ projectId: 'p', relayUrl: relay.url, metadata: dappMetadata, protocols: builtInProtocols, networks: [testNetwork(1, chain.rpcUrl)] })
  await dapp.init()
  noteSignClientInit()
  const { uri, approval } = await dapp.connect()
  await wallet.pair(uri)
  await approval
}, 30_000)
afterAll(async () => {
  await Promise.all([dapp?.destroy(), wallet?.destroy()])
  await Promise.all([relay?.stop(), chain?.stop()])
  await settleSignClientTimers()
})

describe('WalletConnect dev wallet', () => {
  it('sends a transaction on the chain the dapp names, and the dapp reads it back through the chain RPC', async () => {
    const to = '0x0000000000000000000000000000000000000b0b'
    const hash = await dapp.request<Hex>({ method: 'eth_sendTransaction', params: [{ from: wallet.address, to, value: `0x${parseEther('0.5').toString(16)}` }], chainId: 'eip155:1' })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    const client = createPublicClient({ transport: http(chain.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.5'))
    // A read call goes to the chain's RPC, not to the wallet.
    expect(await dapp.request({ method: 'eth_getBalance', params: [to, 'latest'], chainId: 'eip155:1' })).toBe(`0x${parseEther('0.5').toString(16)}`)
  })

  it('answers eth_accounts and eth_chainId, and a method it did not approve is refused with 4200', async () => {
    await expect(dapp.request({ method: 'eth_accounts' })).resolves.toEqual([wallet.address])
    await expect(dapp.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    await expect(dapp.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x89' }] })).rejects.toMatchObject({ code: 4200 })
  })
})
