/**
 * Re-encrypts stored wallet keys still under a previous master key (server/auth/masterKey.ts),
 * run when the server starts after a key rotation.
 */
import { walletKeyAad } from '../db/walletKeys'
import { type AuthContext } from './serviceContext'

export interface RewrapReport {
  rewrapped: number
  /** By master key id: keys under a key that is not configured. */
  unreadable: Record<string, number>
  /** Keys whose ciphertext does not authenticate under a configured key. */
  undecryptable: number
}

export async function rewrapWalletKeys({ walletKeys, keyring, logError, now }: AuthContext): Promise<RewrapReport> {
  let rewrapped = 0
  let undecryptable = 0
  const unreadable: Record<string, number> = {}
  let afterId = ''
  for (;;) {
    const batch = await walletKeys.listNotUnder(keyring.current.id, afterId, 100)
    if (batch.length === 0) break
    for (const stored of batch) {
      afterId = stored.id
      if (!keyring.has(stored.encrypted.masterKeyId)) {
        unreadable[stored.encrypted.masterKeyId] = (unreadable[stored.encrypted.masterKeyId] ?? 0) + 1
        continue
      }
      let secret: Buffer
      try {
        secret = keyring.decrypt(stored.encrypted, walletKeyAad(stored))
      } catch (error) {
        // One damaged row must not stop the server starting; it is reported and left as it is.
        logError(error, `wallet key ${stored.id} does not decrypt; left as it is`)
        undecryptable++
        continue
      }
      try {
        if (await walletKeys.replaceCiphertext(stored.id, stored.encrypted.masterKeyId, keyring.encrypt(secret, walletKeyAad(stored)), now())) rewrapped++
      } finally {
        secret.fill(0)
      }
    }
  }
  return { rewrapped, unreadable, undecryptable }
}
