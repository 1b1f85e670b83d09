import { eip155, mainnet, optimism, type Endpoints, type PorticoConfig } from 'portico'

// The services Portico talks to. A hosted dapp leaves them out (the defaults); a
// self-hosted one, or this example under its browser test, names its own at build time.
const endpoints = process.env.NEXT_PUBLIC_PORTICO_ENDPOINTS ? (JSON.parse(process.env.NEXT_PUBLIC_PORTICO_ENDPOINTS) as Partial<Endpoints>) : undefined

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
  ...(endpoints ? { endpoints } : {}),
}
