/**
 * GET /v1/supported-chains (SPEC §7): the chains this server reads (CHAIN_RPC_URLS).
 * It serves no RPC over WebSocket, so `ws` is empty.
 */
import { type FastifyPluginAsync } from 'fastify'
import type * as Wire from '../../src/shared/blockchainApi'
import { type ChainClients } from '../chain/clients'
import { errorResponses } from '../httpErrors'
import { type ProjectQuery, projectGuard, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface SupportedChainsRoutesOptions {
  projects: ProjectRegistry
  clients: ChainClients
}

const schema = {
  querystring: projectQuerySchema,
  response: {
    200: {
      type: 'object',
      required: ['http', 'ws'],
      properties: { http: { type: 'array', items: { type: 'string' } }, ws: { type: 'array', items: { type: 'string' } } },
    },
    ...errorResponses,
  },
} as const

export const supportedChainsRoutes: FastifyPluginAsync<SupportedChainsRoutesOptions> = async (app, { projects, clients }) => {
  app.addHook('preValidation', projectGuard(projects))
  app.get<{ Querystring: ProjectQuery; Reply: Wire.SupportedChainsResponse }>('/v1/supported-chains', { schema }, async () => ({
    http: clients.chains.map((chain) => chain.chainId),
    ws: [],
  }))
}
