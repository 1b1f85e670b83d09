/**
 * The device list (src/shared/devicesApi.ts, server/auth/devices.ts), registered inside
 * the auth routes (routes/auth.ts) so it shares their checks: only the secure page's
 * origin, `Cache-Control: no-store`, and a session used from its own project and device
 * with its proof of the device key. Rate-limited per client in ROUTE_POLICIES.
 */
import { type FastifyInstance, type FastifyRequest } from 'fastify'
import { type DeviceService } from '../auth/devices'
import { type Authenticated } from '../auth/service'
import { DEVICE_PATHS, DEVICE_PUBLIC_ID_PATTERN } from '../../src/shared/devicesApi'
import { PROJECT_ID_PATTERN } from '../projects'

export interface DeviceRoutesOptions {
  devices: DeviceService
  /** The session behind the request (routes/auth.ts), or a 401. */
  authenticated(request: FastifyRequest): Promise<Authenticated>
  /** The session, once it proved a fresh second factor when the user enrolled one (removal). */
  withSecondFactor(request: FastifyRequest): Promise<Authenticated>
  /** The `{ '4xx', '5xx' }` error responses of the auth routes. */
  errors: Record<string, unknown>
}

const projectQuery = { type: 'object', properties: { projectId: { type: 'string', pattern: PROJECT_ID_PATTERN } } } as const
const device = {
  type: 'object',
  required: ['id', 'label', 'addedAt', 'lastUsedAt', 'current'],
  properties: { id: { type: 'string' }, label: { type: 'string' }, addedAt: { type: 'string' }, lastUsedAt: { type: 'string' }, current: { type: 'boolean' } },
} as const

/**
 * @example
 * await deviceRoutes(app, { devices, authenticated, withSecondFactor, errors })
 */
export async function deviceRoutes(app: FastifyInstance, { devices, authenticated, withSecondFactor, errors }: DeviceRoutesOptions): Promise<void> {
  app.get(
    DEVICE_PATHS.list,
    { schema: { querystring: projectQuery, response: { 200: { type: 'object', required: ['devices'], properties: { devices: { type: 'array', items: device } } }, ...errors } } },
    async (request) => ({ devices: await devices.list(await authenticated(request)) }),
  )

  app.post<{ Body: { id: string } }>(
    DEVICE_PATHS.remove,
    {
      bodyLimit: 1024,
      schema: {
        querystring: projectQuery,
        body: { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'string', pattern: DEVICE_PUBLIC_ID_PATTERN } } },
        response: { 200: { type: 'object', required: ['removed'], properties: { removed: { type: 'boolean' } } }, ...errors },
      },
    },
    async (request) => devices.remove(await withSecondFactor(request), request.body.id),
  )
}
