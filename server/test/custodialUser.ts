/**
 * A user as the server made them before self-custody: both wallet keys generated on the
 * server and stored whole under the master key (the old path of createUser). Tests seed
 * one to check that the migration moves it to the frame and deletes the full key.
 */
import { type Kysely } from 'kysely'
import { generateWalletKeys } from '../auth/keys'
import { type Keyring } from '../auth/masterKey'
import { createAuthUserStore } from '../db/authUsers'
import { type DatabaseSchema, type WalletNamespace } from '../db/schema'
import { createWalletKeyStore, walletKeyAad } from '../db/walletKeys'

export interface CustodialUser {
  userId: string
  /** The keys the server holds, to compare with what the frame gets. */
  keys: Record<WalletNamespace, { address: string; secret: Uint8Array }>
}

export async function seedCustodialUser(db: Kysely<DatabaseSchema>, keyring: Keyring, email: string, now: number): Promise<CustodialUser> {
  const user = await createAuthUserStore(db).insert(db, email, now)
  if (user === undefined) throw new Error(`${email} exists already`)
  const keys = {} as CustodialUser['keys']
  for (const key of generateWalletKeys()) {
    const encrypted = keyring.encrypt(key.secret, walletKeyAad({ userId: user.id, namespace: key.namespace, address: key.address }))
    await createWalletKeyStore(db).insert(db, { userId: user.id, namespace: key.namespace, address: key.address, encrypted, now })
    keys[key.namespace] = { address: key.address, secret: key.secret }
  }
  return { userId: user.id, keys }
}
