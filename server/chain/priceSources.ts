/**
 * Several price sources asked in order (PRICE_SOURCES, docs/self-hosting.md): for each
 * token the first source that knows its price wins; a token no source knows stays
 * unknown (the routes show 0). A source that fails is logged and counts as not
 * knowing, so a feed that is down falls back to the sources after it.
 */
import { isAbsolute, resolve } from 'node:path'
import { type PriceSource, type PriceTable, createPriceTable } from './prices'

export interface PriceSourceChainOptions {
  /** Where a failing source is reported. Default: nowhere. */
  onError?: (source: PriceSource, error: unknown) => void
}

/**
 * @example
 * const prices = createPriceSourceChain([myFeed, createPriceTable()])
 * await prices.prices('usd', [{ chainId: 'eip155:1', symbol: 'ETH' }]) // [myFeed's price, or the table's]
 */
export function createPriceSourceChain(sources: readonly PriceSource[], options: PriceSourceChainOptions = {}): PriceSource {
  return {
    name: sources.map((source) => source.name).join(' > '),
    async prices(currency, tokens) {
      const found: (number | undefined)[] = tokens.map(() => undefined)
      let missing = tokens.map((_, i) => i)
      for (const source of sources) {
        if (missing.length === 0) break
        let answers: ReadonlyArray<number | undefined>
        try {
          answers = await source.prices(
            currency,
            missing.map((i) => tokens[i]!),
          )
        } catch (error) {
          options.onError?.(source, error)
          continue
        }
        missing = missing.filter((index, position) => {
          const price = answers[position]
          // Only a real price counts as known: a source answering NaN or a negative number does not hide the next one.
          if (typeof price !== 'number' || !Number.isFinite(price) || price < 0) return true
          found[index] = price
          return false
        })
      }
      return found
    },
  }
}

/** What a price-source module (a PRICE_SOURCES entry that is a file) exports as default. */
export type PriceSourceFactory = (env: Readonly<Record<string, string | undefined>>) => PriceSource | Promise<PriceSource>

export class PriceSourceConfigError extends Error {
  override name = 'PriceSourceConfigError'
}

/** The PRICE_SOURCES entry that stands for the price table (PRICE_TABLE, or the built-in one). */
export const TABLE_SOURCE = 'table'

/**
 * Builds the sources PRICE_SOURCES names, in its order: `table`, or the path of a
 * module (relative to `cwd`) whose default export is a {@link PriceSourceFactory}
 * called with the environment. Unset: the table alone. createServer's
 * `blockchain.prices` takes the list and asks it in order.
 *
 * @example
 * const sources = await loadPriceSources({ PRICE_SOURCES: './prices/feed.mjs,table' }, { table: undefined })
 */
export async function loadPriceSources(env: Readonly<Record<string, string | undefined>>, options: { table: PriceTable | undefined; cwd?: string }): Promise<PriceSource[]> {
  const entries = (env.PRICE_SOURCES?.trim() || TABLE_SOURCE).split(',').map((entry) => entry.trim())
  if (entries.some((entry) => entry === '')) throw new PriceSourceConfigError(`PRICE_SOURCES must be a comma-separated list of '${TABLE_SOURCE}' and module paths, not '${env.PRICE_SOURCES}'`)
  const sources: PriceSource[] = []
  for (const entry of entries) {
    if (entry === TABLE_SOURCE) {
      sources.push(createPriceTable(options.table))
      continue
    }
    const path = isAbsolute(entry) ? entry : resolve(options.cwd ?? process.cwd(), entry)
    let factory: unknown
    try {
      factory = ((await import(path)) as { default?: unknown }).default
      // A CommonJS module compiled from `export default` arrives as { default: factory }.
      if (typeof factory === 'object' && factory !== null && typeof (factory as { default?: unknown }).default === 'function') factory = (factory as { default: unknown }).default
    } catch (error) {
      throw new PriceSourceConfigError(`PRICE_SOURCES: cannot load '${entry}' (${path}): ${error instanceof Error ? error.message : String(error)}`, { cause: error })
    }
    if (typeof factory !== 'function') throw new PriceSourceConfigError(`PRICE_SOURCES: '${entry}' must export a default function (env) => PriceSource`)
    const source: unknown = await (factory as PriceSourceFactory)(env)
    if (!isPriceSource(source)) throw new PriceSourceConfigError(`PRICE_SOURCES: the default export of '${entry}' must return { name: string, prices(currency, tokens) }`)
    sources.push(source)
  }
  return sources
}

function isPriceSource(value: unknown): value is PriceSource {
  return typeof value === 'object' && value !== null && typeof (value as PriceSource).name === 'string' && typeof (value as PriceSource).prices === 'function'
}
