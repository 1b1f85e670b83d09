/**
 * postMessage carries structured clones, not JSON: cycles, Maps, Dates, typed arrays,
 * BigInts, NaN and very deep or very large values all arrive intact. Before a schema
 * looks at a message, this walk checks that it is plain, bounded JSON, without
 * recursion (so depth cannot overflow the stack) and without calling anything the
 * message could have supplied.
 */

export type JsonBounds = {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number
  /** Objects, arrays and primitives in all. */
  maxNodes: number
  /** Characters in all strings and keys together. */
  maxChars: number
}

/** Large enough for an EIP-712 document or a 128 KiB transaction, small enough to refuse a flood. */
export const DEFAULT_JSON_BOUNDS: JsonBounds = { maxDepth: 24, maxNodes: 20_000, maxChars: 2_000_000 }

/**
 * A plain object of any realm: its prototype is null or some realm's Object.prototype
 * (whose own prototype is null). A message deserialised by the browser, or cloned in
 * another realm, is plain without being `instanceof Object` here.
 */
function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value) as object | null
  return (prototype === null || Object.getPrototypeOf(prototype) === null) && Object.prototype.toString.call(value) === '[object Object]'
}

/**
 * Why `value` is not plain bounded JSON, or undefined when it is. Object properties
 * whose value is `undefined` count as absent (as in JSON.stringify); everything else
 * that JSON cannot express is refused.
 *
 * @example
 * jsonBoundsProblem({ a: [1, 'x'] })          // undefined
 * jsonBoundsProblem({ a: new Map() })         // 'a is not plain JSON'
 * const loop: Record<string, unknown> = {}; loop.self = loop
 * jsonBoundsProblem(loop)                     // 'self is a cycle'
 */
export function jsonBoundsProblem(value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): string | undefined {
  let nodes = 0
  let chars = 0
  const onPath = new Set<object>()
  // Each entry: the value, its path, its depth, and whether we are leaving it.
  const stack: { value: unknown; path: string; depth: number; leave?: object }[] = [{ value, path: '', depth: 0 }]
  while (stack.length > 0) {
    const entry = stack.pop()!
    if (entry.leave !== undefined) {
      onPath.delete(entry.leave)
      continue
    }
    const { value: current, path, depth } = entry
    if (++nodes > bounds.maxNodes) return `message has more than ${bounds.maxNodes} values`
    const where = path === '' ? 'message' : path
    switch (typeof current) {
      case 'string':
        chars += current.length
        if (chars > bounds.maxChars) return `message has more than ${bounds.maxChars} characters`
        continue
      case 'boolean':
        continue
      case 'number':
        if (!Number.isFinite(current)) return `${where} is not a finite number`
        continue
      case 'object':
        break
      default:
        return `${where} is not plain JSON (${typeof current})`
    }
    if (current === null) continue
    if (depth >= bounds.maxDepth) return `${where} is nested more than ${bounds.maxDepth} levels deep`
    if (onPath.has(current)) return `${where} is a cycle`
    const isArray = Array.isArray(current)
    if (!isArray && !isPlainObject(current)) return `${where} is not plain JSON`
    onPath.add(current)
    stack.push({ value: undefined, path, depth, leave: current })
    if (isArray) {
      const array = current as unknown[]
      if (array.length > bounds.maxNodes) return `message has more than ${bounds.maxNodes} values`
      for (let index = array.length - 1; index >= 0; index--) {
        if (!(index in array) || array[index] === undefined) return `${path === '' ? '' : `${path}/`}${index} is not plain JSON (undefined)`
        stack.push({ value: array[index], path: `${path === '' ? '' : `${path}/`}${index}`, depth: depth + 1 })
      }
    } else {
      const keys = Object.keys(current)
      if (keys.length > bounds.maxNodes) return `message has more than ${bounds.maxNodes} values`
      for (const key of keys) {
        chars += key.length
        if (chars > bounds.maxChars) return `message has more than ${bounds.maxChars} characters`
        const descriptor = Object.getOwnPropertyDescriptor(current, key)
        // A getter would run the sender's code; structured clones never have one.
        if (descriptor === undefined || !('value' in descriptor)) return `${path === '' ? '' : `${path}/`}${key.slice(0, 64)} is not plain JSON (accessor)`
        if (descriptor.value === undefined) continue
        stack.push({ value: descriptor.value, path: `${path === '' ? '' : `${path}/`}${key.slice(0, 64)}`, depth: depth + 1 })
      }
    }
  }
  return undefined
}
