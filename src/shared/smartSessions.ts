/**
 * Smart sessions (SPEC §7 `/v1/sessions/{id}`): what the client and the server must
 * compute alike. A session is an ERC-7715 permission grant: the account's wallet answers
 * `wallet_grantPermissions` with a permissions `context` (hex), and the session is known
 * by its permissions context id, `pci` = keccak256 of that context (viem's `keccak256`
 * on each side: this file imports nothing, so the server, the secure page and the
 * modal may all use it).
 */
export type SmartSessionGrantMessageParameters = {
  /** CAIP-10 account, e.g. `eip155:1:0xf39F…`. */
  account: string
  projectId: string
  /** keccak256 of the permissions context, `0x` + 64 hex. */
  pci: string
  /** Unix seconds. */
  expiry: number
}

/**
 * The text the account signs (EIP-191 `personal_sign`) to record a session on the
 * server. It names the project, the session and its expiry, so a signature for one
 * session or one dapp records nothing else; it is not the revoke message (the bare
 * `pci`), so neither signature stands in for the other.
 *
 * @example
 * smartSessionGrantMessage({ account: 'eip155:1:0xf39F…', projectId: 'shop', pci: '0x5657…', expiry: 1893456000 })
 */
export function smartSessionGrantMessage({ account, projectId, pci, expiry }: SmartSessionGrantMessageParameters): string {
  return ['Record this smart session with Portico', `Account: ${account}`, `Project: ${projectId}`, `Session: ${pci}`, `Expires: ${new Date(expiry * 1000).toISOString()}`].join('\n')
}
