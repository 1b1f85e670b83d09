/**
 * `portico-dev` (dev/kit.ts) as a dapp developer runs it: its own process, the dapp's
 * origin given, `--json` read by a script, Ctrl+C (SIGINT to the whole process group, as
 * a terminal sends it) ends it with code 0 and no stack trace (issue 29).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { parseKitArgs, type KitInfo } from './kit'

jest.setTimeout(180_000)

const root = path.resolve(__dirname, '..')
let kit: ChildProcess
let info: KitInfo
let stderr = ''

beforeAll(async () => {
  kit = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'dev/kit.ts'), '--json', '--origin', 'http://localhost:3999'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  kit.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  info = await new Promise<KitInfo>((resolve, reject) => {
    createInterface({ input: kit.stdout! }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line) as KitInfo)
    })
    kit.once('exit', (code) => reject(new Error(`portico-dev exited with ${code} before it printed its JSON:\n${stderr}`)))
  })
}, 180_000)
afterAll(() => {
  if (kit.exitCode === null && kit.signalCode === null) process.kill(-kit.pid!, 'SIGKILL')
})

const rpc = async (url: string, method: string, params: unknown[]) => {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return ((await response.json()) as { result: unknown }).result
}

describe('portico-dev', () => {
  it('prints every URL, account and contract as JSON, and each answers', async () => {
    expect(info.allowedOrigins).toContain('http://localhost:3999')
    expect((await fetch(`${info.urls.server}/health`)).ok).toBe(true)
    expect((await fetch(info.urls.mailbox)).ok).toBe(true)
    expect(info.chains.map((chain) => chain.caipNetworkId)).toEqual(['eip155:1', 'eip155:10'])
    for (const chain of info.chains) {
      for (const address of [chain.contracts.token.address, chain.contracts.nft.address, chain.contracts.pool, chain.contracts.entryPoint, chain.contracts.smartAccountFactory]) {
        expect(await rpc(chain.rpcUrl, 'eth_getCode', [address, 'latest'])).toMatch(/^0x[0-9a-f]{10,}/)
      }
      expect(await rpc(chain.rpcUrl, 'eth_accounts', [])).toEqual(info.accounts.map((account) => account.address.toLowerCase()))
    }
    expect(info.accounts[0]).toEqual({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' })
    expect(await rpc(info.solana.rpcUrl, 'getHealth', [])).toBe('ok')
    expect((await fetch(`${info.bitcoin.esploraUrl}/address/${info.bitcoin.devWallet.payment}`)).ok).toBe(true)
  })

  it("allows the dapp's origin on the reference server and refuses another", async () => {
    const listing = (origin: string) => fetch(`${info.urls.server}/getWallets?projectId=${info.projectId}&page=1&entries=4`, { headers: { origin } })
    expect((await listing('http://localhost:3999')).status).toBe(200)
    expect((await listing('http://localhost:4000')).status).toBe(403)
  })

  it('stops on Ctrl+C with code 0 and no stack trace', async () => {
    const exited = new Promise<number | null>((resolve) => kit.once('exit', (code) => resolve(code)))
    process.kill(-kit.pid!, 'SIGINT')
    expect(await exited).toBe(0)
    expect(stderr).not.toMatch(/ERR_SERVER_NOT_RUNNING|\n\s+at /)
  })
})

describe('portico-dev arguments', () => {
  it('takes --origin more than once, and refuses one with a path', () => {
    expect(parseKitArgs(['--origin', 'http://localhost:3000/', '--origin', 'https://app.example', '--json'])).toEqual({
      origins: ['http://localhost:3000', 'https://app.example'],
      json: true,
      dataDir: undefined,
      help: false,
    })
    expect(parseKitArgs([])).toEqual({ origins: undefined, json: false, out: undefined, dataDir: undefined, help: false })
    expect(() => parseKitArgs(['--origin', 'http://localhost:3000/app'])).toThrow(
      "--origin must be an origin such as http://localhost:3000 (scheme, host and port, no path), not 'http://localhost:3000/app'",
    )
    expect(() => parseKitArgs(['--port'])).toThrow(/Unknown option '--port'/)
  })
})
