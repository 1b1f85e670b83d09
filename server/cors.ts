/**
 * CORS per project: a browser may read a project route's answer when its Origin
 * matches one of the project's allowed origins (SPEC §5, `*` wildcards).
 */
import { type FastifyCorsOptions, type FastifyCorsOptionsDelegateCallback } from '@fastify/cors'
import { requestedProjectId } from './projectGuard'
import { type ProjectRegistry } from './projects'

const common: FastifyCorsOptions = {
  methods: ['GET', 'HEAD', 'POST'],
  // No cookies or auth headers are used, so never allow credentials.
  credentials: false,
  maxAge: 600,
}

/**
 * For `@fastify/cors`'s `delegator`: decides per request from its projectId.
 *
 * - Routes marked `allowAnyOrigin` answer `*`.
 * - A known project reflects the Origin only when it is allowed.
 * - A missing or unknown projectId reflects any Origin, so the dapp can read
 *   the 400 or 403 and show "Invalid Project ID" rather than a bare network
 *   error; such requests get nothing but that error.
 *
 * @example
 * app.register(cors, { delegator: corsDelegator(projects) })
 */
export function corsDelegator(projects: ProjectRegistry): FastifyCorsOptionsDelegateCallback {
  return (request, callback) => {
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
