/**
 * The embedded wallet's secure frame as a plugin's `embedded` capability sees it:
 * transport only (src/frame/transport.ts builds it over the frame client). The frame's
 * own error codes arrive as `RpcError`s with the same code (4001 declined, 4100, 4200 for
 * a method the frame does not allow, ...), so a plugin handles them as a wallet's.
 */
export type EmbeddedTransport = {
  /** One RPC_REQUEST; `chainId` is a CAIP-2 id (or the frame's chain id as a number). */
  request<T = unknown>(method: string, params: unknown, options?: { chainId?: string | number | undefined }): Promise<T>
  /** SWITCH_NETWORK; resolves with the frame's chain after the switch. */
  switchNetwork(chainId: string): Promise<{ chainId: string | number }>
  /** SIGN_OUT: the one user leaves every namespace. */
  signOut(): Promise<void>
  /** The frame's own events. Returns the unsubscribe function. */
  subscribe(listener: (event: EmbeddedTransportEvent) => void): () => void
}

export type EmbeddedTransportEvent = { type: 'accountChanged'; address: string; chainId: string | number } | { type: 'chainChanged'; chainId: string | number } | { type: 'sessionExpired' }

/** The signed-in user as the frame reports it, as far as a plugin needs it. */
export type EmbeddedFrameUser = {
  /** The address of the chain in effect. */
  address: string
  /** CAIP-2 id, or an EVM chain id as a number. */
  chainId: string | number
  /** The user's address per namespace the frame holds a key for. */
  addresses?: Partial<Record<string, string>> | undefined
}
