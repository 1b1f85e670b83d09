import { englishTemplate, renderRecord, type MessageKey, type MessageRecord } from '../errors/record'
import type { Strings } from './strings'

/**
 * The visitor-facing text of a record the store holds (an error field, a toast): its key
 * looked up in the catalogue (`errors.*`, `notices.*`, so the dapp's `config.strings` and
 * the chosen locale apply), its params filled in, a record param translated the same way.
 * A key the catalogue lacks falls back to the English table rather than showing the key.
 *
 * @example
 * translate(t, { code: 4001, key: 'errors.userRejectedRequest', params: {} }) // 'The user rejected the request.'
 */
export function translate(strings: Strings, record: Pick<MessageRecord, 'key' | 'params'>): string {
  return renderRecord(record, (key) => templateOf(strings, key))
}

function templateOf(strings: Strings, key: MessageKey): string {
  const [group, name] = key.split('.') as ['errors' | 'notices', string]
  const template = (strings[group] as Record<string, string> | undefined)?.[name]
  return typeof template === 'string' ? template : englishTemplate(key)
}
