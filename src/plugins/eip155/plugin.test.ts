import { SwapChainIds } from '../../config/constants'
import type { CaipNetwork } from '../../types/network'
import { solanaMainnet } from '../solana/networks'
import { base, eip155Networks, mainnet, sepolia } from './networks'
import { eip155 } from './plugin'

describe('eip155()', () => {
  it('is the eip155 namespace with the SPEC §9 networks by default', () => {
    const plugin = eip155()
    expect(plugin.namespace).toBe('eip155')
    expect(plugin.name).toBe('Ethereum & EVM')
    expect(plugin.networks).toBe(eip155Networks)
  })

  it('lets the dapp replace the networks', () => {
    expect(eip155({ networks: [mainnet, base] }).networks).toEqual([mainnet, base])
  })

  it('uses the SPEC §5 EVM address rule', () => {
    const plugin = eip155()
    expect(plugin.isAddress('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')).toBe(true)
    expect(plugin.isAddress('So11111111111111111111111111111111111111112')).toBe(false)
  })

  it('supports balance, names, activity and send (SPEC §5)', () => {
    expect(eip155().features).toMatchObject({ balance: true, names: true, activity: true, send: true })
  })

  it('offers swaps only on the 12 listed chains', () => {
    const { swaps } = eip155().features
    expect(SwapChainIds).toHaveLength(12)
    const swappable = eip155Networks.filter(swaps).map((network) => network.id)
    expect(swappable).toEqual(eip155Networks.map((network) => network.id).filter((id) => SwapChainIds.includes(Number(id))))
    expect(swaps(mainnet)).toBe(true)
    expect(swaps(base)).toBe(true)
    expect(swaps(sepolia)).toBe(false)
    const fantom: CaipNetwork = { ...mainnet, id: 250, caipNetworkId: 'eip155:250', name: 'Fantom' }
    expect(swaps(fantom)).toBe(true)
    expect(swaps(solanaMainnet)).toBe(false)
  })

  it('has the connectors capability (EIP-6963 and injected, the dapp provider), the EVM capability (contract calls, EIP-5792) and the RPC balance capability', () => {
    const plugin = eip155()
    expect(Object.keys(plugin.connectors ?? {}).sort()).toEqual([
      'attach',
      'connect',
      'createProvider',
      'disconnect',
      'discover',
      'reconnect',
      'sendTransaction',
      'signMessage',
      'switchNetwork',
      'waitForTransaction',
      'watch',
    ])
    expect(Object.keys(plugin.evm ?? {}).sort()).toEqual(['getCallsStatus', 'getCapabilities', 'sendCalls', 'sendContractCall'])
    expect(Object.keys(plugin.balance ?? {}).sort()).toEqual(['getBalance', 'getTokenBalance'])
  })

  it('runs wallet operations through an attached provider (a WalletConnect session, the embedded wallet) until it is detached', async () => {
    const plugin = eip155()
    const asked: string[] = []
    const provider = {
      async request({ method }: { method: string }) {
        asked.push(method)
        if (method === 'eth_requestAccounts') return ['0x00000000000000000000000000000000000000a1']
        if (method === 'eth_chainId') return '0x1'
        if (method === 'personal_sign') return '0xsigned'
        throw new Error(`unexpected ${method}`)
      },
    }
    const detach = plugin.connectors!.attach!({ info: { id: 'remote', name: 'Remote', type: 'WALLET_CONNECT', chain: 'eip155' }, provider })
    const account = await plugin.connectors!.connect({ connectorId: 'remote', network: mainnet })
    expect(account.address.toLowerCase()).toBe('0x00000000000000000000000000000000000000a1')
    expect(await plugin.connectors!.signMessage!({ connectorId: 'remote', address: account.address, message: 'hi' })).toBe('0xsigned')
    expect(asked).toContain('personal_sign')
    detach()
    await expect(plugin.connectors!.signMessage!({ connectorId: 'remote', address: account.address, message: 'hi' })).rejects.toThrow()
  })
})
