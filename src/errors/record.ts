import { ErrorMessages, Notices, type ErrorMessageKey, type NoticeKey } from './messages'
import { fillTemplate } from './template'

/**
 * The values a message's placeholders take. A value may itself be a record (the reason
 * inside "The wallet's {namespace} account did not connect: {reason}"), translated on
 * its own, so no English is baked into a translated sentence. One level deep: the type
 * is not recursive, because the library's declaration build cannot name Immer's draft of
 * a recursive type in the slices (TS4023).
 */
export type MessageParams = { readonly [name: string]: string | number | NestedMessageRecord }

/** A record inside another's params: its own params are plain values. */
export type NestedMessageRecord = { readonly code: number | string | null; readonly key: MessageKey; readonly params: { readonly [name: string]: string | number } }

/** A message's place in the catalogue: `errors.<key>` or `notices.<key>`. */
export type MessageKey = `errors.${ErrorMessageKey}` | `notices.${NoticeKey}`

/**
 * What the store holds for an error or a toast: plain, serialisable data. `code` is the
 * error's own code (a JSON-RPC / wallet number such as 4001, or a Portico string such as
 * 'wallet/connector-not-found'; null when it has none), `key` the catalogue entry the
 * UI translates, `params` the values for its placeholders.
 *
 * @example
 * { code: 4001, key: 'errors.userRejectedRequest', params: {} }
 * { code: null, key: 'errors.tryAgainAfter', params: { seconds: 30 } }
 */
export type MessageRecord = { readonly code: number | string | null; readonly key: MessageKey; readonly params: MessageParams }

/** A record of the errors group (what error fields of the store hold). */
export type ErrorRecord = MessageRecord & { readonly key: `errors.${ErrorMessageKey}` }

/** A message of the errors table by key, with its placeholder values: what code throws with. */
export type ErrorMessageRef = { readonly key: ErrorMessageKey; readonly params?: MessageParams | undefined }

const tables = { errors: ErrorMessages, notices: Notices } as const

/**
 * A record's sentence through a catalogue: `lookup` gives the template of a key (the
 * English tables here, a translated catalogue in the UI); record params are rendered
 * through the same lookup first.
 */
export function renderRecord(record: Pick<MessageRecord, 'key' | 'params'>, lookup: (key: MessageKey) => string): string {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(record.params)) values[name] = typeof value === 'object' ? renderRecord(value, lookup) : value
  return fillTemplate(lookup(record.key), values)
}

/** The English template of a catalogue key, from the tables of this folder. */
export function englishTemplate(key: MessageKey): string {
  const [group, name] = key.split('.') as ['errors' | 'notices', string]
  return (tables[group] as Record<string, string>)[name] ?? key
}

/**
 * The English sentence of a record (what a thrown error's `shortMessage` and the dapp
 * events' `message` read).
 *
 * @example
 * englishText({ code: null, key: 'errors.httpStatus', params: { status: 404 } }) // 'HTTP status code: 404'
 */
export function englishText(record: Pick<MessageRecord, 'key' | 'params'>): string {
  return renderRecord(record, englishTemplate)
}

/**
 * A record for a message of the tables, built by key: for the store's toasts and the
 * sagas' own messages that are not thrown errors.
 *
 * @example
 * messageRecord('notices.swapped', { from: 'ETH', to: 'USDC' })
 */
export function messageRecord<K extends MessageKey>(key: K, params: MessageParams = {}, code: number | string | null = null): MessageRecord & { readonly key: K } {
  return { code, key, params }
}
