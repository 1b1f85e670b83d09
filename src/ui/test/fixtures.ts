import type { TokenBalance } from '../../types/tokenBalance'
import type { TransactionHistoryItem } from '../../types/transaction'
import type { WalletListing } from '../../types/walletListing'
import { accountActions } from '../../store/slices/account'

export const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

export const connected = (namespace = 'eip155', address = ADDRESS) =>
  accountActions.connected({
    namespace,
    address,
    caipNetworkId: namespace === 'eip155' ? 'eip155:1' : `${namespace}:x`,
    connectedWalletInfo: { connectorId: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED' },
  })

export const listing = (id: string, rdns: string | null = null): WalletListing => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
  image_id: id,
  chains: ['eip155:1'],
  rdns,
  mobile_link: null,
  desktop_link: null,
  webapp_link: `https://${id}.example`,
})

export const token = (symbol: string, numeric: string, price: number, address?: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  address,
  value: Number(numeric) * price,
  price,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})

export const tx = (id: string, operationType: string, transfers: TransactionHistoryItem['transfers'], extra: Partial<TransactionHistoryItem['metadata']> = {}): TransactionHistoryItem => ({
  id,
  metadata: {
    operationType,
    hash: `0x${id}`,
    minedAt: '2024-01-01T00:00:00Z',
    sentFrom: '0x1234567890abcdef1234567890abcdef12345678',
    sentTo: '0xabcdef1234567890abcdef1234567890abcdef12',
    status: 'confirmed',
    ...extra,
  },
  transfers,
})
