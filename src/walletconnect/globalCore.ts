/**
 * The sign-client registers each core on `globalThis` under its storage prefix (so two
 * clients of one prefix share a socket). A destroyed client must leave that registry,
 * or a later client of the same prefix would inherit its closed relayer.
 */
export function forgetGlobalCore(storagePrefix: string): void {
  const registry = globalThis as Record<string, unknown>
  const key = `_walletConnectCore_${storagePrefix}`
  delete registry[key]
  delete registry[`${key}_count`]
}
