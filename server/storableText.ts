/**
 * One check, on every route, for strings no database here can store: a NUL character
 * (PostgreSQL's text and jsonb refuse it) and a lone UTF-16 surrogate (jsonb refuses its
 * escape; text would silently turn it into U+FFFD). A request carrying one in its query,
 * path parameters or JSON body is answered 400 before any route code runs, so no route
 * can forget it, and SQLite and PostgreSQL deployments answer alike (docs/security.md).
 */
import { type FastifyInstance } from 'fastify'
import { HttpError } from './httpErrors'

/** A lone high surrogate (no low one after it), or a lone low one (no high one before it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

function textProblem(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains a NUL character, which cannot be stored'
  if (LONE_SURROGATE.test(text)) return 'contains a lone UTF-16 surrogate, which cannot be stored'
  return undefined
}

/**
 * Where the first unstorable string of a JSON-like value is, and what is wrong with it,
 * e.g. "body.dapp.name contains a NUL character, which cannot be stored"; undefined when
 * every string (property names included) can be stored. Iterative: no nesting depth can
 * overflow the stack.
 *
 * @example
 * storableTextProblem({ st: 'appkit\u0000' }, 'query') // 'query.st contains a NUL character, which cannot be stored'
 */
export function storableTextProblem(value: unknown, where: string): string | undefined {
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: where }]
  while (stack.length > 0) {
    const { value: item, path } = stack.pop()!
    if (typeof item === 'string') {
      const problem = textProblem(item)
      if (problem !== undefined) return `${path} ${problem}`
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--) stack.push({ value: item[index], path: `${path}[${index}]` })
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item)
      for (const [key] of entries) {
        const problem = textProblem(key)
        if (problem !== undefined) return `a property name of ${path} ${problem}`
      }
      for (let index = entries.length - 1; index >= 0; index--) stack.push({ value: entries[index]![1], path: `${path}.${entries[index]![0]}` })
    }
  }
  return undefined
}

/**
 * Installs the check as a root `preValidation` hook (after the body is parsed, before
 * the schema and the route's own hooks).
 *
 * @example
 * installStorableTextCheck(app)
 */
export function installStorableTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const problem = storableTextProblem(request.query, 'query') ?? storableTextProblem(request.params, 'params') ?? storableTextProblem(request.body, 'body')
    if (problem !== undefined) throw new HttpError(400, 'Bad Request', problem, { code: 'UNSTORABLE_TEXT' })
  })
}
