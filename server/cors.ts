/**
 * CORS per project: a browser may read a project route's answer when its Origin
 * matches one of the project's allowed origins (SPEC §5, `*` wildcards).
 */
import { type FastifyCorsOptions, type FastifyCorsOptionsDelegateCallback } from '@fastify/cors'
import { DEVICE_HEADER } from '../src/shared/authApi'
import { DPOP_HEADER } from './auth/dpop'
import { requestedProjectId } from './projectGuard'
import { type ProjectRegistry } from './projects'

const common: FastifyCorsOptions = {
  methods: ['GET', 'HEAD', 'POST'],
  // No cookies are used (the embedded-wallet session is a bearer token in a
  // header), so never allow credentials.
  credentials: false,
  maxAge: 600,
}

export interface CorsPolicyOptions {
  /**
   * Exact origins of the secure frame page (SECURE_ORIGIN): the only browser
   * origins that may call the embedded-wallet API under `authPrefix`.
   */
  secureOrigins?: ReadonlySet<string>
  /** Path prefix of the embedded-wallet API. Default '/auth/'. */
  authPrefix?: string
}

/**
 * For `@fastify/cors`'s `delegator`: decides per request from its path and projectId.
 *
 * - The embedded-wallet API answers the secure page's origin only, lets it send
 *   `Authorization` and the device id header, and lets it read `Retry-After` (the resend cooldown). The
 *   path decides, not the route: a preflight is routed to the catch-all OPTIONS
 *   route, whose config says nothing about the route it asks for.
 * - The development mailbox answers no origin.
 * - Routes marked `allowAnyOrigin` answer `*`.
 * - A known project reflects the Origin only when it is allowed.
 * - A missing or unknown projectId reflects any Origin, so the dapp can read
 *   the 400 or 403 and show "Invalid Project ID" rather than a bare network
 *   error; such requests get nothing but that error.
 *
 * @example
 * app.register(cors, { delegator: corsDelegator(projects) })
 */
export function corsDelegator(projects: ProjectRegistry, { secureOrigins = new Set(), authPrefix = '/auth/' }: CorsPolicyOptions = {}): FastifyCorsOptionsDelegateCallback {
  return (request, callback) => {
    const path = request.url.split('?')[0] ?? ''
    if (path.startsWith(authPrefix)) {
      return callback(null, {
        ...common,
        methods: ['GET', 'POST'],
        allowedHeaders: ['content-type', 'authorization', DEVICE_HEADER, DPOP_HEADER],
        exposedHeaders: ['retry-after'],
        origin: (origin, allow) => allow(null, origin !== undefined && secureOrigins.has(origin)),
      })
    }
    if (path.startsWith('/dev/')) return callback(null, { ...common, origin: false })
    if (request.routeOptions.config.allowAnyOrigin === true) return callback(null, { ...common, origin: '*' })
    const projectId = requestedProjectId(request)
    const project = projectId === undefined ? undefined : projects.get(projectId)
    if (project === undefined) return callback(null, { ...common, origin: true })
    callback(null, {
      ...common,
      origin: (origin, allow) => allow(null, origin !== undefined && project.isOriginAllowed(origin)),
    })
  }
}
