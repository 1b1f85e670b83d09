/**
 * Values both the server (app.ts) and its environment reading (env.ts) need. They live
 * here, not in app.ts, so reading the environment does not load the whole app (Fastify,
 * every route group and their libraries) just to learn a default.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'

/** The secure page's origin when SECURE_ORIGIN is not set (the client's default `secureFrame`). */
export const DEFAULT_SECURE_ORIGIN = 'http://127.0.0.1:8788'
