/**
 * Per-project configuration a dapp reads at start (SPEC §7):
 * GET /projects/v1/origins and GET /getAnalyticsConfig.
 */
import { type FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectOf, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface ProjectConfigRoutesOptions {
  projects: ProjectRegistry
}

export interface OriginsResponse {
  allowedOrigins: string[]
}

export interface AnalyticsConfigResponse {
  isAnalyticsEnabled: boolean
}

export const projectConfigRoutes: FastifyPluginAsync<ProjectConfigRoutesOptions> = async (app, { projects }) => {
  app.addHook('preValidation', projectGuard(projects))

  app.get<{ Querystring: ProjectQuery; Reply: OriginsResponse }>(
    '/projects/v1/origins',
    {
      // Public: a dapp served from an origin that is not on the list must
      // still be able to read the list, to show "Invalid App Configuration"
      // instead of failing with a CORS error.
      config: { allowAnyOrigin: true },
      schema: {
        querystring: projectQuerySchema,
        response: {
          200: {
            type: 'object',
            required: ['allowedOrigins'],
            properties: { allowedOrigins: { type: 'array', items: { type: 'string' } } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => ({ allowedOrigins: [...projectOf(request).allowedOrigins] }),
  )

  app.get<{ Querystring: ProjectQuery; Reply: AnalyticsConfigResponse }>(
    '/getAnalyticsConfig',
    {
      schema: {
        querystring: projectQuerySchema,
        response: {
          200: { type: 'object', required: ['isAnalyticsEnabled'], properties: { isAnalyticsEnabled: { type: 'boolean' } } },
          ...errorResponses,
        },
      },
    },
    async (request) => ({ isAnalyticsEnabled: projectOf(request).analyticsEnabled }),
  )
}
