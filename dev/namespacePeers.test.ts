import { ALL_NAMESPACE_PEERS, dappInstall, EVM_ONLY_PEERS, NamespaceInstalls, porticoPackageJson, REACT_PEERS, TESTING_PEERS, WAGMI_PEERS } from './namespacePeers'

const pkg = porticoPackageJson()
const peers = Object.keys(pkg.peerDependencies ?? {})
const optional = (name: string) => pkg.peerDependenciesMeta?.[name]?.optional === true

describe('the install table (which peers a dapp adds for which chains)', () => {
  it('names every peer dependency of package.json once: the namespaces, React, wagmi and the testing entry', () => {
    const listed = [...REACT_PEERS, ...WAGMI_PEERS, ...TESTING_PEERS, ...Object.values(NamespaceInstalls).flatMap((install) => install.peers)]
    expect([...listed].sort()).toEqual([...peers].sort())
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('requires only what an EVM-only dapp installs; every Solana, Bitcoin, wagmi and testing peer is optional', () => {
    expect(peers.filter((name) => !optional(name)).sort()).toEqual([...EVM_ONLY_PEERS].sort())
    expect([...NamespaceInstalls.solana.peers, ...NamespaceInstalls.bip122.peers, ...WAGMI_PEERS, ...TESTING_PEERS].filter((name) => !optional(name))).toEqual([])
  })

  it("keeps the namespace libraries out of portico's own dependencies (a dapp would install them anyway)", () => {
    const dependencies = Object.keys(pkg.dependencies ?? {})
    expect(ALL_NAMESPACE_PEERS.filter((name) => dependencies.includes(name))).toEqual([])
  })

  it("counts an install as portico's dependencies plus the peers the dapp adds", () => {
    const install = dappInstall(['viem'], { dependencies: { redux: '1', qrcode: '1' } })
    expect(install).toEqual(['redux', 'qrcode', 'viem'])
  })
})
