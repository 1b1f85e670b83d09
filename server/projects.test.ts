import { DEV_PROJECT_ID, InvalidProjectsConfigError, createProjectRegistry, devProject, readProjectsConfig } from './projects'
import { DEV_SPONSORSHIP_POLICY } from './accountAbstraction/sponsorshipPolicy'

describe('readProjectsConfig', () => {
  it('gives the dev project alone when unset or blank', () => {
    for (const value of [undefined, '', '  ']) {
      expect(readProjectsConfig(value, { analyticsEnabled: false })).toEqual([
        { id: DEV_PROJECT_ID, allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*'], analyticsEnabled: false, sponsorship: DEV_SPONSORSHIP_POLICY },
      ])
    }
  })

  it('reads inline JSON, defaulting analyticsEnabled', () => {
    const json = '[{"id":"shop","allowedOrigins":["https://shop.example"]},{"id":"b","allowedOrigins":[],"analyticsEnabled":false}]'
    expect(readProjectsConfig(json, { analyticsEnabled: true })).toEqual([
      { id: 'shop', allowedOrigins: ['https://shop.example'], analyticsEnabled: true },
      { id: 'b', allowedOrigins: [], analyticsEnabled: false },
    ])
  })

  it("reads a project's sponsorship policy, naming the field at fault", () => {
    const policy = {
      chains: ['eip155:1'],
      contracts: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', selectors: ['0x40c10f19'] }, { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }],
      perUserPerDayWei: '10000000000000000',
      perProjectPerDayWei: '1000000000000000000000000000000',
    }
    const [project] = readProjectsConfig(JSON.stringify([{ id: 'shop', allowedOrigins: [], sponsorship: policy }]), { analyticsEnabled: true })
    expect(project!.sponsorship).toEqual({
      chains: ['eip155:1'],
      contracts: [{ address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', selectors: ['0x40c10f19'] }, { address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512' }],
      perUserPerDayWei: 10n ** 16n,
      perProjectPerDayWei: 10n ** 30n,
    })
    const refused = (sponsorship: unknown) => () => readProjectsConfig(JSON.stringify([{ id: 'shop', allowedOrigins: [], sponsorship }]), { analyticsEnabled: true })
    expect(refused({ ...policy, chains: ['1'] })).toThrow(InvalidProjectsConfigError)
    expect(refused({ ...policy, chains: ['1'] })).toThrow('PORTICO_PROJECTS: /0/sponsorship.chains must be "all" or a list of CAIP-2 ids such as "eip155:1"')
    expect(refused({ ...policy, contracts: [{ address: 'shop' }] })).toThrow('PORTICO_PROJECTS: /0/sponsorship.contracts[0].address must be a 0x-prefixed 20-byte address')
    expect(refused({ ...policy, contracts: [{ address: policy.contracts[0]!.address, selectors: ['mint'] }] })).toThrow(
      'PORTICO_PROJECTS: /0/sponsorship.contracts[0].selectors must be a list of 4-byte function selectors such as "0x40c10f19"',
    )
    expect(refused({ ...policy, perUserPerDayWei: 0.01 })).toThrow('PORTICO_PROJECTS: /0/sponsorship.perUserPerDayWei must be an amount of wei as a decimal string, such as "10000000000000000"')
    expect(refused({ ...policy, perDay: '1' })).toThrow('PORTICO_PROJECTS: /0/sponsorship has unknown field perDay')
    for (const operations of [0, 1.5, '3']) {
      expect(refused({ ...policy, perUserPerDayOperations: operations })).toThrow('PORTICO_PROJECTS: /0/sponsorship.perUserPerDayOperations must be a whole number of operations, 1 or more')
    }
    const [counted] = readProjectsConfig(JSON.stringify([{ id: 'shop', allowedOrigins: [], sponsorship: { ...policy, perUserPerDayOperations: 3 } }]), { analyticsEnabled: true })
    expect(counted!.sponsorship?.perUserPerDayOperations).toBe(3)
  })

  it('reads a file when the value is a path', () => {
    const files: Record<string, string> = { '/etc/portico/projects.json': '[{"id":"f","allowedOrigins":["https://*.f.example"]}]' }
    const readFile = (path: string) =>
      files[path] ??
      (() => {
        throw new Error(`ENOENT: ${path}`)
      })()
    expect(readProjectsConfig('/etc/portico/projects.json', { analyticsEnabled: true, readFile })).toEqual([{ id: 'f', allowedOrigins: ['https://*.f.example'], analyticsEnabled: true }])
    expect(() => readProjectsConfig('/missing.json', { analyticsEnabled: true, readFile })).toThrow("Cannot read PORTICO_PROJECTS file '/missing.json': ENOENT: /missing.json")
  })

  it('explains malformed JSON and wrong shapes', () => {
    expect(() => readProjectsConfig('[{', { analyticsEnabled: true })).toThrow(/PORTICO_PROJECTS is not valid JSON/)
    expect(() => readProjectsConfig('{"id":"x"}', { analyticsEnabled: true })).toThrow(/must be a non-empty array/)
    expect(() => readProjectsConfig('[{"id":"x","allowedOrigins":["https://x.example/app"]}]', { analyticsEnabled: true })).toThrow(
      "PORTICO_PROJECTS has allowedOrigins that are not origin patterns:\n- /0/allowedOrigins/0 'https://x.example/app': expected scheme://host[:port], with no path, query, fragment or credentials",
    )
    expect(() => readProjectsConfig('[{"id":"has space","allowedOrigins":[]}]', { analyticsEnabled: true })).toThrow(InvalidProjectsConfigError)
  })
})

describe('createProjectRegistry', () => {
  it('finds projects by id and checks origins against their patterns', () => {
    const projects = createProjectRegistry([devProject({ analyticsEnabled: true })])
    const dev = projects.get('portico-dev')
    expect(dev?.isOriginAllowed('http://localhost:5173')).toBe(true)
    expect(dev?.isOriginAllowed('http://127.0.0.1:8080')).toBe(true)
    expect(dev?.isOriginAllowed('https://localhost:5173')).toBe(false)
    expect(projects.get('other')).toBeUndefined()
  })

  it("refuses a '*' that is not a whole leftmost label, which would admit look-alike sites", () => {
    expect(() => readProjectsConfig('[{"id":"x","allowedOrigins":["https://ok.example","https://*example.com"]}]', { analyticsEnabled: true })).toThrow(
      "/0/allowedOrigins/1 'https://*example.com': a '*' must be the whole leftmost DNS label (https://*.example.com), the whole port (http://localhost:*) or the whole pattern '*'",
    )
    expect(() => createProjectRegistry([{ id: 'x', allowedOrigins: ['https://*example.com'], analyticsEnabled: true }])).toThrow(
      /Project 'x': 'https:\/\/\*example.com' is not an origin pattern: a '\*' must be the whole leftmost DNS label/,
    )
  })

  it('never admits the opaque origin null, not even with *', () => {
    const projects = createProjectRegistry([{ id: 'any', allowedOrigins: ['*'], analyticsEnabled: true }])
    expect(projects.get('any')?.isOriginAllowed('https://anything.example')).toBe(true)
    expect(projects.get('any')?.isOriginAllowed('null')).toBe(false)
  })

  it('rejects duplicate ids and bad patterns', () => {
    expect(() => createProjectRegistry([devProject({ analyticsEnabled: true }), devProject({ analyticsEnabled: false })])).toThrow("Project id 'portico-dev' is configured twice")
    expect(() => createProjectRegistry([{ id: 'x', allowedOrigins: ['localhost'], analyticsEnabled: true }])).toThrow(/Project 'x': 'localhost' is not an origin pattern/)
  })
})
