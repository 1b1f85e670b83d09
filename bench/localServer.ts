// The reference server as the benchmarks run it: in this process, on 127.0.0.1, on a
// fresh SQLite file, with the embedded-wallet auth service and an in-memory mailbox
// (the dev mailbox) for the one-time codes.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { createServer } from '../server/app'
import { createMailbox, type Mailbox } from '../server/auth/mailer'
import { createKeyring, generateMasterKey } from '../server/auth/masterKey'
import type { AuthLimits } from '../server/auth/service'
import type { PaymasterEnv } from '../server/accountAbstraction/paymasterEnv'
import type { SponsorshipPolicy } from '../server/accountAbstraction/sponsorshipPolicy'

export const BENCH_PROJECT = 'portico-bench'

export type BenchServer = {
  app: FastifyInstance
  url: string
  sqliteFile: string
  mailbox: Mailbox
  /** The one-time code last mailed to `email`. */
  codeFor(email: string): string
  close(): Promise<void>
}

export type BenchServerOptions = {
  /** Dapp origins on the project's allow list. */
  appOrigins: readonly string[]
  /** Origins of the secure page (the only browser origins the auth API answers). */
  secureOrigins: readonly string[]
  port?: number
  /** Believe X-Forwarded-For from these proxies (the load test plays many visitors). */
  trustProxy?: string[]
  limits?: Partial<AuthLimits>
  mailboxCapacity?: number
  /** Smart accounts: the chain, its bundler (Alto), the paymaster and the project's sponsorship policy. */
  accountAbstraction?: { chainId: `eip155:${number}`; rpcUrl: string; bundlerUrl: string; paymaster: PaymasterEnv; sponsorship: SponsorshipPolicy }
}

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portico-bench-'))
  const sqliteFile = path.join(dir, 'portico.sqlite')
  const mailbox = createMailbox({ capacity: options.mailboxCapacity ?? 200 })
  const aa = options.accountAbstraction
  const app = createServer({
    database: { sqliteFile },
    projects: [{ id: BENCH_PROJECT, allowedOrigins: [...options.appOrigins], analyticsEnabled: false, ...(aa ? { sponsorship: aa.sponsorship } : {}) }],
    ...(aa ? { blockchain: { chains: [{ chainId: aa.chainId, rpcUrl: aa.rpcUrl }] }, bundlers: { urls: { [aa.chainId]: aa.bundlerUrl } }, paymaster: aa.paymaster } : {}),
    ...(options.trustProxy ? { trustProxy: options.trustProxy } : {}),
    auth: {
      keyring: createKeyring(generateMasterKey()),
      mailer: mailbox,
      devMailbox: mailbox,
      secureOrigins: options.secureOrigins,
      ...(options.limits ? { limits: options.limits } : {}),
    },
  })
  const url = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  return {
    app,
    url,
    sqliteFile,
    mailbox,
    codeFor(email) {
      const code = mailbox.latest(email)?.meta.code
      if (code === undefined) throw new Error(`no one-time code was mailed to ${email}`)
      return code
    },
    async close() {
      await app.close()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
