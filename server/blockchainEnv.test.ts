import { blockchainOptions, readBlockchainEnv } from './blockchainEnv'
import { type PriceSource } from './chain/prices'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPL_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

describe('readBlockchainEnv', () => {
  it('sets the confirmation depth of the chains INDEXER_CONFIRMATIONS names, and none of the others', () => {
    const env = readBlockchainEnv({ CHAIN_RPC_URLS: '{"eip155:1":"http://127.0.0.1:8545","eip155:10":"http://127.0.0.1:8546"}', INDEXER_CONFIRMATIONS: '{"eip155:1":12}' })
    expect(env.chains).toEqual([
      { chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:8545', confirmations: 12 },
      { chainId: 'eip155:10', rpcUrl: 'http://127.0.0.1:8546' },
    ])
  })

  it('defaults to no chains, the indexer on at 1 s, .portico.id names and 7-day SIWX sessions', () => {
    expect(readBlockchainEnv({})).toEqual({
      chains: [],
      solanaChains: [],
      priceTable: undefined,
      indexer: { pollIntervalMs: 1000 },
      nameSuffix: '.portico.id',
      siwxSessionTtlSeconds: 604_800,
      onrampSenders: {},
    })
  })

  it('reads chains, their tokens and start blocks, prices, the indexer, names, SIWX and onramp senders', async () => {
    const env = readBlockchainEnv({
      CHAIN_RPC_URLS: '{"eip155:1":"http://127.0.0.1:8545","eip155:10":"https://rpc.example/op"}',
      CHAIN_TOKENS: `{"eip155:1":["${TOKEN.toLowerCase()}"]}`,
      INDEXER_START_BLOCKS: '{"eip155:10":1000}',
      PRICE_TABLE: '{"ETH":{"usd":2500},"eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3":{"usd":2}}',
      INDEXER_ENABLED: 'false',
      INDEXER_POLL_MS: '250',
      NAME_SUFFIX: '.Shop.ID',
      SIWX_SESSION_TTL_SECONDS: '3600',
      ONRAMP_SENDERS: `{"test":["${TOKEN.toLowerCase()}"]}`,
      SOLANA_RPC_URLS: '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://sol.example/rpc"}',
      SOLANA_TOKENS: `{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":[{"mint":"${SPL_MINT}","name":"USD Coin","symbol":"USDC","extra":1}]}`,
    })
    expect(env).toEqual({
      chains: [
        { chainId: 'eip155:1', rpcUrl: 'http://127.0.0.1:8545', tokens: [TOKEN] },
        { chainId: 'eip155:10', rpcUrl: 'https://rpc.example/op', startBlock: 1000 },
      ],
      solanaChains: [{ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'https://sol.example/rpc', tokens: [{ mint: SPL_MINT, name: 'USD Coin', symbol: 'USDC' }] }],
      priceTable: { ETH: { usd: 2500 }, [`eip155:1:${TOKEN}`]: { usd: 2 } },
      indexer: false,
      nameSuffix: '.shop.id',
      siwxSessionTtlSeconds: 3600,
      onrampSenders: { test: [TOKEN] },
    })
    const options = blockchainOptions(env)
    expect(options).toMatchObject({ indexer: false, nameSuffix: '.shop.id', siwxSessionTtlMs: 3_600_000, solanaChains: env.solanaChains })
    const prices = options.prices as PriceSource
    expect(
      await prices.prices('USD', [
        { chainId: 'eip155:1', address: TOKEN.toLowerCase(), symbol: 'PTT' },
        { chainId: 'eip155:10', symbol: 'eth' },
      ]),
    ).toEqual([2, 2500])
  })

  it.each([
    [{ CHAIN_RPC_URLS: 'eip155:1=http://x' }, 'CHAIN_RPC_URLS must be a JSON object, e.g. {"eip155:1":"http://127.0.0.1:8545"}'],
    [{ CHAIN_RPC_URLS: '{"solana:5eykt":"http://x"}' }, "CHAIN_RPC_URLS: 'solana:5eykt' is not an EVM CAIP-2 chain id such as eip155:1"],
    [{ CHAIN_RPC_URLS: '{"eip155:1":"ws://x"}' }, 'CHAIN_RPC_URLS: the RPC URL of eip155:1 must be an http:// or https:// URL'],
    [{ CHAIN_TOKENS: `{"eip155:1":["${TOKEN}"]}` }, 'CHAIN_TOKENS: eip155:1 is not in CHAIN_RPC_URLS'],
    [{ CHAIN_RPC_URLS: '{"eip155:1":"http://x"}', CHAIN_TOKENS: '{"eip155:1":["PTT"]}' }, 'CHAIN_TOKENS: eip155:1 must list ERC-20 contract addresses (0x and 40 hex characters)'],
    [{ CHAIN_RPC_URLS: '{"eip155:1":"http://x"}', INDEXER_START_BLOCKS: '{"eip155:1":-1}' }, 'INDEXER_START_BLOCKS: the start block of eip155:1 must be a whole number of 0 or more'],
    [{ PRICE_TABLE: '{"ETH":{"usd":-1}}' }, 'PRICE_TABLE: ETH.usd must be a price of 0 or more'],
    [{ PRICE_TABLE: '{"ETH":3000}' }, 'PRICE_TABLE: ETH must be an object of currency → price, e.g. { "usd": 1 }'],
    [{ INDEXER_ENABLED: 'maybe' }, "INDEXER_ENABLED must be true or false, not 'maybe'"],
    [{ INDEXER_POLL_MS: '10' }, "INDEXER_POLL_MS must be a whole number of milliseconds from 50 to 600000, not '10'"],
    [{ INDEXER_CONFIRMATIONS: '{"eip155:1":2}' }, 'INDEXER_CONFIRMATIONS: eip155:1 is not in CHAIN_RPC_URLS'],
    [{ CHAIN_RPC_URLS: '{"eip155:1":"http://x"}', INDEXER_CONFIRMATIONS: '{"eip155:1":1.5}' }, 'INDEXER_CONFIRMATIONS: the confirmations of eip155:1 must be a whole number from 0 to 1000'],
    [{ NAME_SUFFIX: 'portico' }, "NAME_SUFFIX must start with a dot and hold DNS labels, e.g. .portico.id, not 'portico'"],
    [{ SIWX_SESSION_TTL_SECONDS: '5' }, "SIWX_SESSION_TTL_SECONDS must be a whole number of seconds from 60 to 7776000 (90 days), not '5'"],
    [{ ONRAMP_SENDERS: '{"Test":[]}' }, "ONRAMP_SENDERS: 'Test' must be a provider id of a-z, 0-9 and hyphens"],
    [{ SOLANA_RPC_URLS: '{"eip155:1":"http://x"}' }, "SOLANA_RPC_URLS: 'eip155:1' is not a Solana CAIP-2 network id (solana: and the first 32 characters of the genesis hash)"],
    [{ SOLANA_RPC_URLS: '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"ws://x"}' }, 'SOLANA_RPC_URLS: the RPC URL of solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp must be an http:// or https:// URL'],
    [{ SOLANA_RPC_URLS: '{}', SOLANA_TOKENS: `{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":[]}` }, 'SOLANA_TOKENS: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is not in SOLANA_RPC_URLS'],
    [
      {
        SOLANA_RPC_URLS: '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":"https://sol.example/rpc"}',
        SOLANA_TOKENS: `{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp":[{"mint":"0x5FbDB2315678afecb367f032d93F642f64180aa3","name":"X","symbol":"X"}]}`,
      },
      'SOLANA_TOKENS: solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp must list SPL tokens as {"mint":"<base58 address>","name":"…","symbol":"…"} (symbol: 1 to 16 letters, digits, . _ -)',
    ],
  ])('refuses %j', (env, message) => {
    expect(() => readBlockchainEnv(env)).toThrow(message)
  })
})
