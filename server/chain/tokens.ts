/**
 * Token metadata (name, symbol, decimals), read from the chain once and kept in the
 * database, so history pages never wait on the chain and a restart reads nothing twice.
 */
import { type Kysely } from 'kysely'
import { type Address, erc20Abi, getAddress } from 'viem'
import { type DatabaseSchema, type TransferStandard } from '../db/schema'
import { type ChainClients } from './clients'

export interface TokenMetadata {
  chainId: string
  /** Checksummed. */
  address: Address
  standard: Exclude<TransferStandard, 'native'>
  name: string
  symbol: string
  /** 0 for ERC-721. */
  decimals: number
}

export interface TokenMetadataStore {
  /** Stored metadata, read from the chain (and stored) on first use. Undefined when the chain is not configured or the contract is no token. */
  get(chainId: string, address: string, standard?: TokenMetadata['standard']): Promise<TokenMetadata | undefined>
  /** Several at once, keyed by lower-case address; reads what is missing from the chain. */
  getMany(chainId: string, tokens: readonly { address: string; standard: TokenMetadata['standard'] }[]): Promise<Map<string, TokenMetadata>>
}

/**
 * @example
 * const tokens = createTokenMetadataStore(db, clients)
 * const ptt = await tokens.get('eip155:1', '0x5FbDB2315678afecb367f032d93F642f64180aa3') // { symbol: 'PTT', decimals: 18, … }
 */
export function createTokenMetadataStore(db: Kysely<DatabaseSchema>, clients: ChainClients): TokenMetadataStore {
  const memory = new Map<string, TokenMetadata>()
  const key = (chainId: string, address: string) => `${chainId}:${address.toLowerCase()}`

  async function readFromChain(chainId: string, address: Address, standard: TokenMetadata['standard']): Promise<TokenMetadata | undefined> {
    const client = clients.client(chainId)
    if (client === undefined) return undefined
    const read = async <T>(functionName: 'name' | 'symbol' | 'decimals'): Promise<T | undefined> => {
      try {
        return (await client.readContract({ address, abi: erc20Abi, functionName })) as T
      } catch {
        return undefined
      }
    }
    const [name, symbol, decimals] = await Promise.all([read<string>('name'), read<string>('symbol'), standard === 'erc20' ? read<number>('decimals') : Promise.resolve(0)])
    if (name === undefined && symbol === undefined && decimals === undefined) return undefined
    // Names and symbols are shown in the modal: keep them short and printable.
    const clean = (text: string | undefined, fallback: string) =>
      [...(text ?? '')]
        .filter((c) => c >= ' ' && c !== '\u007f')
        .join('')
        .trim()
        .slice(0, 64) || fallback
    return {
      chainId,
      address,
      standard,
      name: clean(name, `${address.slice(0, 6)}…${address.slice(-4)}`),
      symbol: clean(symbol, standard === 'erc721' ? 'NFT' : 'TOKEN').slice(0, 16),
      decimals: typeof decimals === 'number' && decimals >= 0 && decimals <= 36 ? decimals : 0,
    }
  }

  async function getMany(chainId: string, tokens: readonly { address: string; standard: TokenMetadata['standard'] }[]) {
    const found = new Map<string, TokenMetadata>()
    const missing = new Map<string, TokenMetadata['standard']>()
    for (const token of tokens) {
      const cached = memory.get(key(chainId, token.address))
      if (cached) found.set(token.address.toLowerCase(), cached)
      else missing.set(token.address.toLowerCase(), token.standard)
    }
    if (missing.size > 0) {
      const rows = await db
        .selectFrom('chain_tokens')
        .selectAll()
        .where('chain_id', '=', chainId)
        .where('address', 'in', [...missing.keys()])
        .execute()
      for (const row of rows) {
        const metadata: TokenMetadata = { chainId, address: getAddress(row.address), standard: row.standard, name: row.name, symbol: row.symbol, decimals: row.decimals }
        memory.set(key(chainId, row.address), metadata)
        found.set(row.address, metadata)
        missing.delete(row.address)
      }
    }
    for (const [address, standard] of missing) {
      const metadata = await readFromChain(chainId, getAddress(address), standard)
      if (metadata === undefined) continue
      await db
        .insertInto('chain_tokens')
        .values({ chain_id: chainId, address, standard, name: metadata.name, symbol: metadata.symbol, decimals: metadata.decimals })
        .onConflict((conflict) => conflict.columns(['chain_id', 'address']).doNothing())
        .execute()
      memory.set(key(chainId, address), metadata)
      found.set(address, metadata)
    }
    return found
  }

  return {
    getMany,
    async get(chainId, address, standard = 'erc20') {
      return (await getMany(chainId, [{ address, standard }])).get(address.toLowerCase())
    },
  }
}
