/** The local OpenID Connect provider's clients and test users (dev/oidc/provider.ts). */

/** The six OAuth providers of SPEC §3, each a client of the one local issuer. */
export const DEV_OIDC_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type DevOidcProvider = (typeof DEV_OIDC_PROVIDERS)[number]

/** The test users of the login page. */
export const DEV_OIDC_USERS = [
  { id: 'alice', name: 'Alice Liddell', username: 'alice', email: 'alice@oidc.portico.test' },
  { id: 'bob', name: 'Bob Builder', username: 'bob', email: 'bob@oidc.portico.test' },
  { id: 'carol', name: 'Carol Danvers', username: 'carol', email: 'carol@oidc.portico.test' },
] as const

/** The client of one provider: id `portico-<provider>`, a fixed development secret. */
export function devOidcClient(provider: DevOidcProvider): { clientId: string; clientSecret: string } {
  return { clientId: `portico-${provider}`, clientSecret: `portico-dev-secret-${provider}` }
}
