import { Limits } from '../../config/constants'
import { isRegisterName } from '../../validation/registerName'

export type RegisterNameProblem = 'tooShort' | 'invalidCharacters'

/**
 * Which part of the SPEC §5 register-name rule `value` breaks, for the message under
 * the field; undefined when `isRegisterName` accepts it. The length is reported first
 * only while the characters typed so far are allowed, so a visitor who types `a_`
 * hears about the underscore at once.
 *
 * @example
 * registerNameProblem('abc')     // 'tooShort'
 * registerNameProblem('my_name') // 'invalidCharacters'
 * registerNameProblem('my-name') // undefined
 */
export function registerNameProblem(value: string): RegisterNameProblem | undefined {
  const text = value
  if (isRegisterName(value)) return undefined
  if (text !== '' && !/^[A-Za-z0-9-]*$/.test(text)) return 'invalidCharacters'
  return text.length < Limits.nameMinLength ? 'tooShort' : 'invalidCharacters'
}
