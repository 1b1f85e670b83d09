/**
 * Farcaster login ("decentralised social login", SPEC §1, §2 ConnectingFarcaster)
 * through an AuthKit relay (relay.farcaster.xyz, or dev/farcaster/ on the local stack):
 *
 * 1. `start`: the server opens a relay channel (`POST /v1/channel { siweUri, domain,
 *    nonce }`) and answers its `url` (shown to the visitor as a QR code and a link) and
 *    an attempt token only the secure page keeps.
 * 2. The visitor approves in their Farcaster app, which signs a Sign In With Farcaster
 *    message (EIP-4361 with `farcaster://fid/<fid>` in its resources) with the account's
 *    custody key and hands it to the relay.
 * 3. `complete` (secure page, attempt token): the server polls the channel
 *    (`GET /v1/channel/status`), then checks the message itself with viem (domain, URI,
 *    nonce, time, the fid resource) and that the signer is the fid's custody address
 *    (the IdRegistry on Optimism, or a fixed map in development). The relay is not
 *    trusted: a relay that lies cannot produce a custody signature.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { type Kysely } from 'kysely'
import { createPublicClient, getAddress, http, isAddress, verifyMessage, type Address, type Hex } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { createLoginAttemptStore } from '../db/loginAttempts'
import { type DatabaseSchema } from '../db/schema'
import { type ProjectRegistry } from '../projects'
import { AuthError } from './errors'
import { type Keyring } from './masterKey'
import { cleanUsername } from './oauth'
import { type AuthService, type EmbeddedWalletUser, type RequestContext, type SessionGrant } from './service'
import { hashDeviceId } from './sessionToken'
import { ATTEMPT_TOKEN_PATTERN, LOGIN_ATTEMPT_TTL_MS } from './social'

/** Farcaster's IdRegistry on Optimism: `custodyOf(fid)`. */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b' as const

export interface FarcasterOptions {
  /** The AuthKit relay, e.g. https://relay.farcaster.xyz. */
  relayUrl: string
  /** The SIWF domain and URI the Farcaster app shows and signs (the site asking). */
  domain: string
  siweUri: string
  /** The custody address of an fid, or undefined when it has none. */
  custodyOf: (fid: number) => Promise<string | undefined>
  /** How long one `complete` call waits for the visitor before answering LOGIN_PENDING. Default 20 s. */
  waitMs?: number
  /** How often the relay is polled while waiting. Default 1 s. */
  pollMs?: number
}

export interface FarcasterLoginOptions extends FarcasterOptions {
  db: Kysely<DatabaseSchema>
  projects: ProjectRegistry
  keyring: Keyring
  auth: AuthService
  now?: () => number
  logError?: (error: unknown, message: string) => void
}

export interface FarcasterLogin {
  start(input: { projectId: string; deviceId: string }): Promise<{ url: string; attemptToken: string }>
  complete(
    input: { projectId: string; deviceId: string; attemptToken: string; chainId?: unknown },
    context: RequestContext,
  ): Promise<{ user: EmbeddedWalletUser; session: SessionGrant; provider: 'farcaster' }>
}

/** The relay's answer to a status poll once the visitor approved (AuthKit relay). */
export type RelayStatus = { state: 'pending' } | { state: 'completed'; message: string; signature: Hex; fid: number; username?: string; custody?: string; nonce?: string }

/** Reads custody addresses from the IdRegistry on Optimism through `rpcUrl`. */
export function idRegistryCustody(rpcUrl: string): (fid: number) => Promise<string | undefined> {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000 }) })
  const abi = [{ type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'owner', type: 'address' }] }] as const
  return async (fid) => {
    const owner = await client.readContract({ address: ID_REGISTRY_ADDRESS, abi, functionName: 'custodyOf', args: [BigInt(fid)] })
    return /^0x0{40}$/i.test(owner) ? undefined : owner
  }
}

/** A fixed fid → custody map (development: the stand-in relay's dev accounts). */
export function fixedCustody(map: Readonly<Record<string, string>>): (fid: number) => Promise<string | undefined> {
  return async (fid) => map[String(fid)]
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * @example
 * const farcaster = createFarcasterLogin({ db, projects, keyring, auth, relayUrl, domain: 'secure.example', siweUri: 'https://secure.example', custodyOf })
 * const { url, attemptToken } = await farcaster.start({ projectId: 'shop', deviceId })
 */
export function createFarcasterLogin(options: FarcasterLoginOptions): FarcasterLogin {
  const { db, projects, keyring, auth, domain, siweUri, custodyOf } = options
  const relay = options.relayUrl.replace(/\/+$/, '')
  const now = options.now ?? Date.now
  const logError = options.logError ?? (() => {})
  const waitMs = options.waitMs ?? 20_000
  const pollMs = options.pollMs ?? 1_000
  const attempts = createLoginAttemptStore(db)
  const attemptHash = (value: string) => createHmac('sha256', keyring.derive('login-attempt/1')).update(value).digest('base64url')
  const unavailable = (cause: unknown) => {
    logError(cause, 'farcaster relay unavailable')
    return new AuthError(502, 'Bad Gateway', 'FARCASTER_UNAVAILABLE', 'The Farcaster relay could not be reached; try again later')
  }

  async function relayFetch(path: string, init: RequestInit & { channelToken?: string } = {}): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
    if (init.channelToken) headers.authorization = `Bearer ${init.channelToken}`
    let response: Response
    try {
      response = await fetch(`${relay}${path}`, { ...init, headers, signal: AbortSignal.timeout(10_000), redirect: 'error' })
    } catch (cause) {
      throw unavailable(cause)
    }
    const body = (await response.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (body === undefined || typeof body !== 'object') throw unavailable(new Error(`relay answered ${response.status} without JSON`))
    return { status: response.status, body }
  }

  async function status(channelToken: string): Promise<RelayStatus> {
    const { status: code, body } = await relayFetch('/v1/channel/status', { channelToken })
    if (code === 202 || body.state === 'pending') return { state: 'pending' }
    if (code !== 200 || body.state !== 'completed') throw unavailable(new Error(`relay status answered ${code}`))
    if (typeof body.message !== 'string' || typeof body.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.signature) || typeof body.fid !== 'number') {
      throw new AuthError(400, 'Bad Request', 'LOGIN_FAILED', 'The Farcaster relay sent an incomplete sign-in')
    }
    return {
      state: 'completed',
      message: body.message.slice(0, 4096),
      signature: body.signature as Hex,
      fid: body.fid,
      ...(typeof body.username === 'string' ? { username: body.username } : {}),
    }
  }

  /** Checks the Sign In With Farcaster message and its custody signature; answers the fid's username. */
  async function verify(result: Extract<RelayStatus, { state: 'completed' }>, nonce: string): Promise<void> {
    const failed = (why: string) => new AuthError(400, 'Bad Request', 'LOGIN_FAILED', `The Farcaster sign-in does not verify: ${why}`)
    const message = parseSiweMessage(result.message)
    if (message.domain !== domain) throw failed('it is for another domain')
    if (message.uri !== siweUri) throw failed('it is for another URI')
    if (message.nonce !== nonce) throw failed('its nonce is not this login’s')
    if (!message.resources?.includes(`farcaster://fid/${result.fid}`)) throw failed('it does not name the fid')
    const at = now()
    if (message.expirationTime && message.expirationTime.getTime() <= at) throw failed('it has expired')
    if (message.notBefore && message.notBefore.getTime() > at) throw failed('it is not valid yet')
    if (!message.address || !isAddress(message.address)) throw failed('it has no address')
    const custody = await custodyOf(result.fid).catch((cause: unknown) => {
      throw unavailable(cause)
    })
    if (custody === undefined || getAddress(custody) !== getAddress(message.address)) throw failed('it is not signed by the fid’s custody address')
    const valid = await verifyMessage({ address: getAddress(custody) as Address, message: result.message, signature: result.signature }).catch(() => false)
    if (!valid) throw failed('the signature is not the custody address’s')
  }

  return {
    async start({ projectId, deviceId }) {
      if (projects.get(projectId) === undefined) throw new AuthError(403, 'Invalid Project ID', 'INVALID_PROJECT', `Project ID '${projectId}' is not configured on this server`)
      // SIWE nonces are alphanumeric, at least 8 characters (EIP-4361).
      const nonce = randomBytes(16).toString('hex')
      const { status: code, body } = await relayFetch('/v1/channel', { method: 'POST', body: JSON.stringify({ siweUri, domain, nonce }) })
      if ((code !== 200 && code !== 201) || typeof body.channelToken !== 'string' || typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) {
        throw unavailable(new Error(`relay channel answered ${code}`))
      }
      const attemptToken = `pta_${randomBytes(32).toString('base64url')}`
      const at = now()
      await attempts.insert({
        kind: 'farcaster',
        provider: 'farcaster',
        stateHash: null,
        attemptHash: attemptHash(attemptToken),
        projectId,
        deviceHash: hashDeviceId(deviceId),
        returnTo: null,
        nonce,
        channelToken: body.channelToken.slice(0, 512),
        now: at,
        expiresAt: at + LOGIN_ATTEMPT_TTL_MS,
      })
      return { url: body.url, attemptToken }
    },

    async complete({ projectId, deviceId, attemptToken, chainId }, context) {
      const notFound = () => new AuthError(400, 'Bad Request', 'LOGIN_NOT_FOUND', 'No such login here; start again')
      if (!ATTEMPT_TOKEN_PATTERN.test(attemptToken)) throw notFound()
      const attempt = await attempts.findByAttemptHash(attemptHash(attemptToken))
      if (attempt === undefined || attempt.kind !== 'farcaster' || attempt.projectId !== projectId || attempt.deviceHash !== hashDeviceId(deviceId) || attempt.channelToken === null) throw notFound()
      if (attempt.status === 'failed') throw new AuthError(400, 'Bad Request', 'LOGIN_FAILED', `The Farcaster sign-in failed (${attempt.error ?? 'error'})`)
      if (attempt.status !== 'pending') throw notFound()
      const deadline = Date.now() + waitMs
      for (;;) {
        if (now() >= attempt.expiresAt.getTime()) throw new AuthError(400, 'Bad Request', 'LOGIN_EXPIRED', 'The login took too long; start again')
        const result = await status(attempt.channelToken)
        if (result.state === 'completed') {
          try {
            await verify(result, attempt.nonce)
          } catch (error) {
            if (error instanceof AuthError && error.code === 'LOGIN_FAILED') await attempts.fail(attempt.id, error.message, now())
            throw error
          }
          const username = result.username ? cleanUsername(result.username) : null
          const user = await auth.userForIdentity({ provider: 'farcaster', subject: String(result.fid), username })
          if (!(await attempts.complete(attempt.id, { userId: user.id, username, resultHash: null }, now())) || !(await attempts.use(attempt.id, now()))) throw notFound()
          return { ...(await auth.openSession(user.id, { projectId, deviceHash: attempt.deviceHash }, chainId, context)), provider: 'farcaster' as const }
        }
        if (Date.now() + pollMs > deadline) throw new AuthError(409, 'Conflict', 'LOGIN_PENDING', 'Waiting for the approval in the Farcaster app')
        await sleep(pollMs)
      }
    },
  }
}
