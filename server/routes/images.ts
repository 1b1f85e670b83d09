/**
 * Image blobs (SPEC §7): wallet icons, asset (network, namespace, connector)
 * images, currency and token images. All are generated monograms (icons.ts), except
 * wallet images that a registry loaded from a file brings (walletExplorerListing.ts).
 */
import { type FastifyPluginAsync, type FastifyReply } from 'fastify'
import { HttpError, errorResponses } from '../httpErrors'
import { type ImageCatalog, type ImageKind } from '../imageCatalog'
import { type ProjectQuery, projectGuard, projectQuerySchema } from '../projectGuard'
import { type ProjectRegistry } from '../projects'

export interface ImageRoutesOptions {
  projects: ProjectRegistry
  images: ImageCatalog
}

const routes: ReadonlyArray<{ path: string; kind: ImageKind; what: string }> = [
  { path: '/getWalletImage/:id', kind: 'wallet', what: 'wallet image' },
  { path: '/public/getAssetImage/:id', kind: 'asset', what: 'asset image' },
  { path: '/public/getCurrencyImage/:id', kind: 'currency', what: 'currency image' },
  { path: '/public/getTokenImage/:id', kind: 'token', what: 'token image' },
]

const imageSchema = {
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1, maxLength: 128 } },
  },
  querystring: projectQuerySchema,
  response: errorResponses,
} as const

export const imageRoutes: FastifyPluginAsync<ImageRoutesOptions> = async (app, { projects, images }) => {
  app.addHook('preValidation', projectGuard(projects))

  for (const { path, kind, what } of routes) {
    app.get<{ Params: { id: string }; Querystring: ProjectQuery }>(path, { schema: imageSchema }, async (request, reply) => {
      const image = images.get(kind, request.params.id)
      if (image === undefined) throw new HttpError(404, 'Not Found', `No ${what} with id '${request.params.id}'`)
      setImageHeaders(reply, image.etag)
      if (request.headers['if-none-match'] === image.etag) return reply.code(304).send()
      return reply.type(image.contentType).send(image.body)
    })
  }
}

function setImageHeaders(reply: FastifyReply, etag: string): void {
  reply
    // A day, then revalidate by ETag: images change only when the registry or
    // the drawing code does, and a 304 costs a few bytes.
    .header('Cache-Control', 'public, max-age=86400')
    .header('ETag', etag)
    .header('X-Content-Type-Options', 'nosniff')
    // An SVG opened directly is a document; forbid it scripts and subresources.
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
}
