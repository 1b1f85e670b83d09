import { act, render, screen } from '@testing-library/react'
import { createPortico, type Portico } from '../createPortico'
import { eip155 } from '../plugins/eip155'
import { connectorsActions } from '../store/slices/connectors'
import { testNetwork } from '../test/fakeNamespacePlugin'
import { usePortico, useProvider, usePorticoEvent } from './hooks'
import { PorticoProvider } from './PorticoProvider'

const ADDRESS = '0x1111111111111111111111111111111111111111'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

/** The real eip155 plugin with a scripted EIP-1193 wallet attached (as the embedded wallet attaches its frame). */
async function setup() {
  const plugin = eip155({ networks: [testNetwork(1), testNetwork(10)] })
  const wallet = {
    request: async ({ method }: { method: string }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x1'
      if (method === 'personal_sign') return '0x5151'
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const info = { id: 'scripted', name: 'Scripted', type: 'INJECTED', chain: 'eip155' } as const
  plugin.connectors!.attach!({ info, provider: wallet })
  const portico = createPortico({ projectId: 'p', plugins: [plugin], devtools: false, features: { email: false, socials: false } }, { storage: null })
  instances.push(portico)
  // After discovery has run, or its list would replace this one.
  await portico.ready()
  // As if discovered: the connect saga connects what the store lists.
  portico.store.dispatch(connectorsActions.discovered({ namespace: 'eip155', connectors: [info] }))
  return portico
}

async function connect(portico: Portico) {
  await act(async () => {
    portico.store.dispatch(connectorsActions.connectRequested({ connectorId: 'scripted', namespace: 'eip155' }))
    await new Promise((resolve) => setTimeout(resolve, 20))
  })
}

describe('useProvider', () => {
  function Probe() {
    const provider = useProvider('eip155')
    return <output data-testid="provider">{provider ? 'provider' : 'none'}</output>
  }

  it('is undefined while disconnected and the instance’s provider once connected, and again undefined after disconnect', async () => {
    const portico = await setup()
    render(
      <PorticoProvider portico={portico}>
        <Probe />
      </PorticoProvider>,
    )
    expect(screen.getByTestId('provider').textContent).toBe('none')
    await connect(portico)
    expect(screen.getByTestId('provider').textContent).toBe('provider')
    expect(await portico.getProvider('eip155').request({ method: 'personal_sign', params: ['0x68', ADDRESS] })).toBe('0x5151')
    await act(() => portico.disconnect())
    expect(screen.getByTestId('provider').textContent).toBe('none')
  })
})

describe('usePorticoEvent', () => {
  it('calls the latest listener while mounted, and stops on unmount', async () => {
    const portico = await setup()
    const heard: string[] = []
    function Probe({ label }: { label: string }) {
      usePorticoEvent('MODAL_OPEN', ({ view }) => heard.push(`${label}:${view}`))
      return null
    }
    const { rerender, unmount } = render(
      <PorticoProvider portico={portico}>
        <Probe label="first" />
      </PorticoProvider>,
    )
    act(() => portico.open())
    act(() => portico.close())
    rerender(
      <PorticoProvider portico={portico}>
        <Probe label="second" />
      </PorticoProvider>,
    )
    act(() => portico.open({ view: 'Networks' }))
    act(() => portico.close())
    unmount()
    act(() => portico.open())
    expect(heard).toEqual(['first:Connect', 'second:Networks'])
  })
})

describe('usePortico', () => {
  it('outside <PorticoProvider> throws its sentence by key', () => {
    function Orphan() {
      usePortico()
      return null
    }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      expect(() => render(<Orphan />)).toThrow(expect.objectContaining({ messageKey: 'usePorticoOutsideProvider', shortMessage: 'usePortico must be used inside <PorticoProvider>.' }))
    } finally {
      quiet.mockRestore()
    }
  })
})
