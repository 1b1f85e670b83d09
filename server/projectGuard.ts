/**
 * Every project-scoped route (SPEC §7: "These carry projectId, st and sv")
 * passes through {@link projectGuard}: projectId present, project known, and a
 * browser caller's Origin on the project's allow list. Route groups add it as a
 * hook, so a route added to a group later cannot forget it.
 */
import { type FastifyRequest, type preValidationAsyncHookHandler } from 'fastify'
import { HttpError } from './httpErrors'
import { PROJECT_ID_PATTERN, type Project, type ProjectRegistry } from './projects'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Any browser origin may call this route and read the answer (CORS `*`,
     * no Origin check). For public facts a dapp needs in order to diagnose its
     * own setup, such as its allowed origins.
     */
    allowAnyOrigin?: boolean
  }
}

/** Query parameters every project route accepts; spread into its schema. */
export const projectQueryProperties = {
  projectId: { type: 'string', pattern: PROJECT_ID_PATTERN },
  /** SDK type, e.g. 'portico'. Accepted for logs and analytics. */
  st: { type: 'string', maxLength: 64 },
  /** SDK version. */
  sv: { type: 'string', maxLength: 64 },
} as const

export interface ProjectQuery {
  projectId: string
  st?: string
  sv?: string
}

export const projectQuerySchema = {
  type: 'object',
  required: ['projectId'],
  properties: projectQueryProperties,
} as const

const projectByRequest = new WeakMap<FastifyRequest, Project>()
const projectIdShape = new RegExp(PROJECT_ID_PATTERN)

/**
 * Runs before body and query validation, so an unknown project gets its 403
 * without its body being looked at. CORS alone only stops a browser from
 * reading a response; the Origin check here also stops the server from acting
 * on a request from a site the project does not allow (a text/plain POST needs
 * no preflight). Requests without Origin (servers, curl) are not browsers and
 * pass.
 */
export function projectGuard(projects: ProjectRegistry): preValidationAsyncHookHandler {
  return async (request) => {
    const projectId = requestedProjectId(request)
    if (projectId === undefined) throw new HttpError(400, 'Bad Request', "querystring must have required property 'projectId'")
    if (!projectIdShape.test(projectId)) throw new HttpError(400, 'Bad Request', `querystring/projectId must match pattern "${PROJECT_ID_PATTERN}"`)
    const project = projects.get(projectId)
    if (project === undefined) {
      throw new HttpError(403, 'Invalid Project ID', `Project ID '${projectId}' is not configured on this server`)
    }
    const origin = request.headers.origin
    if (origin !== undefined && request.routeOptions.config.allowAnyOrigin !== true && !project.isOriginAllowed(origin)) {
      throw new HttpError(403, 'Origin Not Allowed', `Origin '${origin}' is not in the allowed origins of project '${projectId}'`)
    }
    projectByRequest.set(request, project)
  }
}

/** The project {@link projectGuard} admitted this request for. */
export function projectOf(request: FastifyRequest): Project {
  const project = projectByRequest.get(request)
  if (project === undefined) throw new Error('projectOf() called on a route without projectGuard')
  return project
}

/** The projectId query parameter, if the request carries a usable one. */
export function requestedProjectId(request: FastifyRequest): string | undefined {
  const query: unknown = request.query
  if (typeof query !== 'object' || query === null || !('projectId' in query)) return undefined
  const { projectId } = query
  return typeof projectId === 'string' && projectId !== '' ? projectId : undefined
}
