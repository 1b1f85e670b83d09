import { detectTimeZone } from '../config/restrictedTimezones'
import { createPortico, type Portico } from '../createPortico'
import { connectorsActions } from '../store/slices/connectors'
import { embeddedActions } from '../store/slices/embedded'
import { selectOnrampAvailable } from '../store/slices/options'
import { alertsActions } from '../store/slices/alerts'
import { createFakeNamespacePlugin, injectedConnector, testNetwork } from '../test/fakeNamespacePlugin'
import { untilState } from '../test/untilState'
import { lazyState } from '../store/lazyState'

const instances: Portico[] = []
afterEach(() => instances.splice(0).forEach((p) => p.destroy()))

function portico() {
  const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [injectedConnector()] })
  const instance = createPortico({ projectId: 'dapp', plugins: [fake.plugin], devtools: false, features: { analytics: false } }, { storage: null })
  instances.push(instance)
  return { portico: instance, ...fake }
}

describe('portico.getDiagnostics()', () => {
  it('lists what the modal did, with alerts and failure codes, and none of what the visitor typed', async () => {
    const { portico: p } = portico()
    p.open()
    p.store.dispatch(embeddedActions.emailSubmitted({ email: 'ada@example.com' }))
    p.store.dispatch(alertsActions.alertRaised('sessionExpired'))
    await untilState(p, (s) => lazyState(s, 'embedded').error !== undefined)
    const lines = p.getDiagnostics()
    const messages = lines.map((l) => l.message)
    expect(messages).toContain('modal/opened')
    expect(messages).toContain('embedded/emailSubmitted')
    expect(lines.find((l) => l.message.startsWith('alerts/alertRaised'))).toMatchObject({ level: 'warn', source: 'action', message: 'alerts/alertRaised alert=sessionExpired' })
    // The embedded wallet is unavailable here (no document): its failure is logged, as a warning.
    expect(lines.find((l) => l.message.startsWith('embedded/failed'))?.level).toBe('warn')
    expect(JSON.stringify(lines)).not.toContain('ada@example.com')
    expect(lines.every((l) => !Number.isNaN(Date.parse(l.time)))).toBe(true)
  })

  it("logs from the instance's first moments", async () => {
    const { portico: p } = portico()
    // Plugin discovery reports its wallets as the instance starts.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(p.getDiagnostics().map((l) => l.message)).toContain('connectors/discovered')
    expect(p.getDiagnostics()[0]!.source).toBe('action')
  })
})

describe('the modal loading state (SPEC §4)', () => {
  it('is on while a disconnect runs and off when it ends, even when the wallet refuses', async () => {
    const { portico: p, behaviour } = portico()
    p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await untilState(p, (s) => s.connectors.active.eip155 === 'io.metamask')
    let release!: () => void
    behaviour.disconnect = () => new Promise<void>((resolve) => (release = resolve))
    p.open()
    const done = p.disconnect()
    await untilState(p, (s) => s.modal.loading)
    release()
    await done
    expect(p.getState().modal.loading).toBe(false)

    p.store.dispatch(connectorsActions.connectRequested({ connectorId: 'io.metamask', namespace: 'eip155' }))
    await untilState(p, (s) => s.connectors.active.eip155 === 'io.metamask')
    behaviour.disconnect = () => Promise.reject(new Error('wallet said no'))
    await expect(p.disconnect()).rejects.toThrow()
    expect(p.getState().modal.loading).toBe(false)
  })
})

describe('restricted time zones (SPEC §9), checked when the runtime starts', () => {
  const zone = detectTimeZone()!

  it("hides Buy when the visitor's time zone is on the dapp's list", async () => {
    const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
    const p = createPortico({ projectId: 'dapp', plugins: [fake.plugin], devtools: false, restrictedTimezones: ['Europe/Paris', zone] }, { storage: null })
    instances.push(p)
    await untilState(p, (s) => s.options.onrampRestricted)
    expect(selectOnrampAvailable(p.getState())).toBe(false)
  })

  it('keeps Buy elsewhere', async () => {
    const other = zone === 'Pacific/Kiritimati' ? 'Pacific/Chatham' : 'Pacific/Kiritimati'
    const fake = createFakeNamespacePlugin({ networks: [testNetwork(1, 'Ethereum')], connectors: [] })
    const p = createPortico({ projectId: 'dapp', plugins: [fake.plugin], devtools: false, restrictedTimezones: [other] }, { storage: null })
    instances.push(p)
    // The runtime has run (its log has lines) and left Buy on.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(p.getDiagnostics().length).toBeGreaterThan(0)
    expect(p.getState().options.onrampRestricted).toBe(false)
  })
})
