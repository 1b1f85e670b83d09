import { bip122Remote } from '../../plugins/bip122/capabilities'
import { eip155Remote } from '../../plugins/eip155/capabilities'
import { solanaRemote } from '../../plugins/solana/capabilities'
import type { RemoteProtocol } from '../types'

/** The built-in plugins' `remote` capabilities, as createPortico hands them to the client. */
export const builtInProtocols: Readonly<Record<string, RemoteProtocol>> = { eip155: eip155Remote, solana: solanaRemote, bip122: bip122Remote }
