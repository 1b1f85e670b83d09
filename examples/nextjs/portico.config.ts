import { eip155, mainnet, optimism, type Endpoints, type PorticoConfig } from 'portico'

/**
 * One config for the server (which reads the visitor's cookie with it) and the browser
 * (which creates Portico with it): both must agree on the plugins, so that the cookie's
 * connections mean the same on each side.
 */
export const config: PorticoConfig = {
  projectId: process.env.NEXT_PUBLIC_PORTICO_PROJECT_ID ?? 'portico-dev',
  metadata: { name: 'Portico on Next.js', description: 'A server-rendered dapp with Portico', url: 'http://localhost:3000', icons: [] },
  plugins: [eip155({ networks: [mainnet, optimism] })],
  features: { email: false, socials: false },
}

/**
 * The services Portico talks to, read on the server when a page is rendered: a hosted
 * dapp sets nothing (the defaults); a self-hosted one sets PORTICO_ENDPOINTS (JSON) in
 * the server's environment, so one build runs against any deployment.
 */
export function endpointsFromEnv(): Partial<Endpoints> | undefined {
  const value = process.env.PORTICO_ENDPOINTS
  return value ? (JSON.parse(value) as Partial<Endpoints>) : undefined
}
