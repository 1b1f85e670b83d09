// State the browser tests put in the store to show views that need a connected account
// (a wallet arrives with issue 5). These are plain Redux actions dispatched through the
// demo's `window.portico.store`: the same actions the sagas put, with test data.
export const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

export const connected = {
  type: 'account/connected',
  payload: {
    namespace: 'eip155',
    address: ADDRESS,
    caipNetworkId: 'eip155:1',
    connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' },
  },
}

const token = (symbol: string, name: string, numeric: string, price: number, address?: string) => ({
  name,
  symbol,
  chainId: 'eip155:1',
  address,
  value: Number(numeric) * price,
  price,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})

export const tokens = [token('ETH', 'Ether', '1.234567', 3000), token('USDC', 'USD Coin', '250.5', 1, 'eip155:1:0xa0b8')]

export const tokensLoaded = { type: 'account/tokenBalanceLoaded', payload: { namespace: 'eip155', tokens } }
export const balanceLoaded = { type: 'account/balanceLoaded', payload: { namespace: 'eip155', balance: '1.234567', symbol: 'ETH' } }

/** Pictures as data: URIs, which the demo's CSP allows for images. */
const picture = (fill: string, label: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${fill}"/><text x="32" y="40" font-size="20" text-anchor="middle" fill="white" font-family="sans-serif">${label}</text></svg>`)}`

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString()

export const history = {
  type: 'transactions/pageLoaded',
  payload: {
    append: false,
    next: 'cursor-2',
    items: [
      {
        id: 't1',
        metadata: { operationType: 'receive', hash: '0x01', minedAt: minutesAgo(5), sentFrom: '0x1234567890abcdef1234567890abcdef12345678', sentTo: ADDRESS, status: 'confirmed' },
        transfers: [{ direction: 'in', quantity: { numeric: '0.5' }, fungible_info: { symbol: 'ETH', icon: { url: picture('#627eea', 'Ξ') } } }],
      },
      {
        id: 't4',
        metadata: { operationType: 'mint', hash: '0x04', minedAt: minutesAgo(60 * 3), sentFrom: '0x0000000000000000000000000000000000000000', sentTo: ADDRESS, status: 'confirmed' },
        transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Portico Pass #12', content: { preview: { url: picture('#8e44ad', '#12') } } } }],
      },
      {
        id: 't2',
        metadata: { operationType: 'send', hash: '0x02', minedAt: minutesAgo(60 * 26), sentFrom: ADDRESS, sentTo: '0xabcdef1234567890abcdef1234567890abcdef12', status: 'confirmed' },
        transfers: [{ direction: 'out', quantity: { numeric: '12.3456' }, fungible_info: { symbol: 'USDC' } }],
      },
      {
        id: 't3',
        metadata: { operationType: 'burn', hash: '0x03', minedAt: minutesAgo(60 * 24 * 40), sentFrom: ADDRESS, sentTo: '0x0000000000000000000000000000000000000000', status: 'failed' },
        transfers: [{ direction: 'out', quantity: { numeric: '1' }, nft_info: { name: 'Portico Pass #7' } }],
      },
    ],
  },
}

export const swapTokens = {
  type: 'swap/tokensLoaded',
  payload: [
    { name: 'Ether', symbol: 'ETH', decimals: 18, address: 'eip155:1:0xeeee' },
    { name: 'USD Coin', symbol: 'USDC', decimals: 6, address: 'eip155:1:0xa0b8' },
  ],
}

export const onrampProviders = {
  type: 'onramp/providersLoaded',
  payload: [
    { name: 'test', label: 'Test provider', feeRange: { min: 0.01, max: 0.02 } },
    { name: 'other', label: 'Other provider', feeRange: { min: 0.01, max: 0.02 } },
  ],
}
