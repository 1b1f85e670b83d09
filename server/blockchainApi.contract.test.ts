/**
 * The contract check: the real Blockchain API client of the modal
 * (src/services/blockchainApi) against this server over HTTP, on a real chain, and the
 * Activity formatting of the modal on what it gets back. The wire types the client
 * declares are the ones the routes answer with (`npm run typecheck` checks that), and
 * here the bodies travel for real.
 */
import { parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createBlockchainApiClient } from '../src/services/blockchainApi/createBlockchainApiClient'
import { describeTransaction } from '../src/ui/format/describeTransaction'
import { heldNfts } from '../src/ui/format/heldNfts'
import type { TransactionHistoryItem as ModalHistoryItem } from '../src/types/transaction'
import { DEV_PRIVATE_KEYS } from '../dev/chain/devAccounts'
import { type ChainTestServer, startChainTestServer } from './test/chainServer'

let server: ChainTestServer
beforeAll(async () => {
  server = await startChainTestServer({ historyPageSize: 2 })
}, 60_000)
afterAll(() => server?.close())

const client = () => createBlockchainApiClient({ baseUrl: server.baseUrl, projectId: 'shop', sdkType: 'portico', sdkVersion: 'portico-test-0.0.0', retry: false })

describe('the Blockchain API client against the reference server', () => {
  it('reads supported chains, balances and prices', async () => {
    const api = client()
    expect(await api.getSupportedChains()).toEqual({ http: ['eip155:1'], ws: [] })
    const visitor = privateKeyToAccount(generatePrivateKey())
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor.address, parseEther('0.25'))
    await server.sendToken(DEV_PRIVATE_KEYS[1], visitor.address, parseUnits('12.5', 18))
    const { balances } = await api.getBalance({ address: visitor.address, chainId: 'eip155:1' })
    expect(balances.map((b) => [b.symbol, b.quantity.numeric, b.value])).toEqual([
      ['ETH', '0.25', 750],
      ['PTT', '12.5', 12.5],
    ])
    const { fungibles } = await api.getTokenPrice({ addresses: [`eip155:1:${server.token.address}`] })
    expect(fungibles).toEqual([expect.objectContaining({ symbol: 'PTT', price: 1 })])
  })

  it('pages through the history and the modal formats it for Activity and NFTs', async () => {
    const api = client()
    const visitor = privateKeyToAccount(generatePrivateKey())
    await server.sendEth(DEV_PRIVATE_KEYS[1], visitor.address, parseEther('0.5'))
    await server.sendToken(DEV_PRIVATE_KEYS[1], visitor.address, parseUnits('1.23456', 18))
    const tokenId = await server.nft.mint(visitor.address)
    await server.index()

    const first = await api.getTransactionHistory({ account: visitor.address, chainId: 'eip155:1' })
    expect(first.data).toHaveLength(2)
    expect(first.next).not.toBeNull()
    const second = await api.getTransactionHistory({ account: visitor.address, chainId: 'eip155:1', cursor: first.next! })
    expect(second.next).toBeNull()
    const items = [...first.data, ...second.data]
    expect(new Set(items.map((item) => item.id)).size).toBe(3)

    // The modal's own item type says `icon?: … | undefined` where the wire type (and this
    // server) says `| null`; the formatting reads both with `?.`, as this run shows.
    const modalItems = items as unknown as ModalHistoryItem[]
    const lines = modalItems.map((item) => describeTransaction(item))
    expect(lines.map((line) => [line.operationType, line.lines[0]?.text])).toEqual([
      ['mint', `+Portico Test NFT #${tokenId}`],
      ['receive', '+1.235 PTT'],
      ['receive', '+0.500 ETH'],
    ])
    expect(lines[2]!.counterparty).toEqual({ direction: 'from', address: '0x70…dc79C8' }) // dev account 1, 0x7099…79C8
    expect(heldNfts(modalItems)).toEqual([{ key: expect.any(String), name: `Portico Test NFT #${tokenId}`, imageUrl: expect.stringMatching(/^data:image\/svg\+xml/) }])
  })

  it('registers a name with a signed message; it then resolves, reverses and shows in the identity', async () => {
    const api = client()
    const wallet = privateKeyToAccount(generatePrivateKey())
    await expect(api.lookupName({ name: 'contract-check.portico.id' })).rejects.toMatchObject({ shortMessage: 'Error resolving name', cause: { status: 404 } })
    const { suggestions } = await api.getNameSuggestions({ name: 'contract-check' })
    expect(suggestions[0]).toEqual({ name: 'contract-check.portico.id', registered: false })

    const message = JSON.stringify({ name: 'contract-check.portico.id', attributes: {}, timestamp: Date.now() })
    const profile = await api.registerName({ coinType: 60, address: wallet.address, message, signature: await wallet.signMessage({ message }) })
    expect(profile.addresses['60']?.address).toBe(wallet.address)
    expect((await api.lookupName({ name: 'contract-check.portico.id' })).name).toBe('contract-check.portico.id')
    expect((await api.reverseLookupName({ address: wallet.address }))[0]?.name).toBe('contract-check.portico.id')
    expect(await api.getIdentity({ address: wallet.address })).toEqual({ name: 'contract-check.portico.id', avatar: null })

    const thief = privateKeyToAccount(generatePrivateKey())
    const stolen = JSON.stringify({ name: 'contract-check.portico.id', attributes: {}, timestamp: Date.now() })
    await expect(api.registerName({ coinType: 60, address: thief.address, message: stolen, signature: await thief.signMessage({ message: stolen }) })).rejects.toMatchObject({
      shortMessage: 'Error registering name',
      cause: { status: 409 },
    })
  })
})
