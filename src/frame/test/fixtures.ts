/**
 * One valid payload per message type, typed by the protocol: `tsc` checks that each
 * matches its TypeScript type, the schema tests check that each passes its schema, so
 * the two cannot drift apart.
 */
import type { AllowedRpcMethod, RpcParams, RpcResult } from '../rpc'
import type { AppEvent, AppRequestPayload, AppResponsePayload, FrameEvent, FrameEventSchema, FrameUser } from '../protocol'

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const
export const SOLANA_ADDRESS = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV' as const
export const TX_HASH = `0x${'ab'.repeat(32)}` as const
export const SIGNATURE = `0x${'cd'.repeat(65)}` as const

export const user: FrameUser = {
  email: 'ada@example.com',
  address: ADDRESS,
  chainId: 1,
  accounts: [{ address: ADDRESS, type: 'eoa' }],
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
}

export const validRequests: { [E in AppEvent]: AppRequestPayload<E> } = {
  CONNECT_EMAIL: { email: 'ada@example.com' },
  CONNECT_DEVICE: { otp: '123456' },
  CONNECT_OTP: { otp: '042137' },
  GET_SOCIAL_REDIRECT_URI: { provider: 'github' },
  CONNECT_SOCIAL: { uri: 'https://app.example/callback?code=abc', preferredAccountType: 'eoa', chainId: 'eip155:1' },
  GET_FARCASTER_URI: {},
  CONNECT_FARCASTER: {},
  CONNECT_PASSKEY: { chainId: 1 },
  ADD_PASSKEY: {},
  EXPORT_PRIVATE_KEY: { namespace: 'solana' },
  MANAGE_SECOND_FACTOR: {},
  CHANGE_RECOVERY: {},
  GET_DEVICES: {},
  REMOVE_DEVICE: { id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00' },
  GET_USER: { chainId: 'eip155:10', preferredAccountType: 'smartAccount' },
  GET_CHAIN_ID: {},
  SWITCH_NETWORK: { chainId: 'eip155:10' },
  RPC_REQUEST: { method: 'personal_sign', params: ['0x68656c6c6f', ADDRESS], chainId: 1 },
  UPDATE_EMAIL: { email: 'ada.new@example.com' },
  UPDATE_EMAIL_PRIMARY_OTP: { otp: '111111' },
  UPDATE_EMAIL_SECONDARY_OTP: { otp: '222222' },
  SYNC_THEME: { themeMode: 'dark', themeVariables: { '--portico-accent': '#ff0000', '--portico-z-index': 1000 }, w3mThemeVariables: { '--w3m-accent': '#ff0000' } },
  SYNC_DAPP_DATA: {
    metadata: { name: 'Shop', description: 'A shop', url: 'https://shop.example', icons: ['https://shop.example/icon.png'] },
    sdkVersion: 'react-0.1.0',
    sdkType: 'portico',
    projectId: 'shop',
  },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: {},
  SET_PREFERRED_ACCOUNT: { type: 'smartAccount' },
  SIGN_OUT: {},
  IS_CONNECTED: {},
  RELOAD: {},
}

export const validResponses: { [E in AppEvent]: AppResponsePayload<E> } = {
  CONNECT_EMAIL: { action: 'VERIFY_OTP' },
  CONNECT_DEVICE: { action: 'VERIFY_OTP' },
  CONNECT_OTP: { user },
  GET_SOCIAL_REDIRECT_URI: { uri: 'https://accounts.example/oauth?client=1' },
  CONNECT_SOCIAL: { user: { ...user, email: null, userName: 'ada' } },
  GET_FARCASTER_URI: { url: 'https://warpcast.com/~/siwf?channel=1' },
  CONNECT_FARCASTER: { user: { ...user, userName: 'ada.eth' } },
  CONNECT_PASSKEY: { user: { ...user, email: null } },
  ADD_PASSKEY: { credentialId: 'AbC-_123' },
  EXPORT_PRIVATE_KEY: {},
  MANAGE_SECOND_FACTOR: {},
  CHANGE_RECOVERY: {},
  GET_DEVICES: { devices: [{ id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'Chrome on macOS', addedAt: '2030-01-01T00:00:00.000Z', lastUsedAt: '2030-01-02T10:00:00.000Z', current: true }] },
  REMOVE_DEVICE: { removed: true },
  GET_USER: { user },
  GET_CHAIN_ID: { chainId: 1 },
  SWITCH_NETWORK: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  RPC_REQUEST: { result: SIGNATURE },
  UPDATE_EMAIL: { action: 'VERIFY_PRIMARY_OTP' },
  UPDATE_EMAIL_PRIMARY_OTP: { action: 'VERIFY_SECONDARY_OTP' },
  UPDATE_EMAIL_SECONDARY_OTP: { newEmail: 'ada.new@example.com' },
  SYNC_THEME: {},
  SYNC_DAPP_DATA: {},
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { smartAccountEnabledNetworks: [1, 8453] },
  SET_PREFERRED_ACCOUNT: { type: 'eoa', address: ADDRESS },
  SIGN_OUT: {},
  IS_CONNECTED: { isConnected: true },
  RELOAD: {},
}

/** A payload per event that its schema must refuse, and why. */
export const invalidRequests: { [E in AppEvent]: [why: string, payload: unknown][] } = {
  CONNECT_EMAIL: [
    ['an invalid email', { email: 'ada@' }],
    ['no email', {}],
    ['an extra field', { email: 'ada@example.com', admin: true }],
  ],
  CONNECT_DEVICE: [['letters in the code', { otp: 'abc' }]],
  CONNECT_OTP: [
    ['a number', { otp: 123456 }],
    ['an empty code', { otp: '' }],
    ['a 13-digit code', { otp: '1234567890123' }],
  ],
  GET_SOCIAL_REDIRECT_URI: [
    ['farcaster (own flow)', { provider: 'farcaster' }],
    ['an unknown provider', { provider: 'myspace' }],
  ],
  CONNECT_SOCIAL: [
    ['a javascript: URI', { uri: 'javascript:alert(1)' }],
    ['no uri', {}],
  ],
  GET_FARCASTER_URI: [['a field', { url: 'https://x.example' }]],
  CONNECT_FARCASTER: [['a field', { x: 1 }]],
  CONNECT_PASSKEY: [
    ['a malformed chain id', { chainId: 'eip155' }],
    ['a field', { credential: {} }],
  ],
  ADD_PASSKEY: [['a field', { x: 1 }]],
  EXPORT_PRIVATE_KEY: [
    ['an unknown namespace', { namespace: 'bip122' }],
    ['a field asking for key material', { namespace: 'eip155', includeKey: true }],
  ],
  MANAGE_SECOND_FACTOR: [['a field', { method: 'totp' }]],
  CHANGE_RECOVERY: [['a password sent by the app', { password: 'hunter2hunter2' }]],
  GET_DEVICES: [['a field', { all: true }]],
  REMOVE_DEVICE: [
    ['the raw device id (not a UUID)', { id: 'a'.repeat(64) }],
    ['no id', {}],
  ],
  GET_USER: [
    ['a malformed chain id', { chainId: 'eip155' }],
    ['account type payment', { preferredAccountType: 'payment' }],
  ],
  GET_CHAIN_ID: [['not an object', []]],
  SWITCH_NETWORK: [
    ['a negative chain id', { chainId: -1 }],
    ['a float chain id', { chainId: 1.5 }],
    ['no chain id', {}],
  ],
  RPC_REQUEST: [
    ['no method', { params: [] }],
    ['a method with spaces', { method: 'eth call' }],
    ['params as a string', { method: 'eth_call', params: 'x' }],
  ],
  UPDATE_EMAIL: [['an invalid email', { email: 'not an email' }]],
  UPDATE_EMAIL_PRIMARY_OTP: [['no code', {}]],
  UPDATE_EMAIL_SECONDARY_OTP: [['a code with spaces', { otp: '12 34' }]],
  SYNC_THEME: [
    ['theme mode "Dark"', { themeMode: 'Dark' }],
    ['a variable without --', { themeMode: 'light', themeVariables: { accent: 'red' } }],
  ],
  SYNC_DAPP_DATA: [
    ['no projectId', { sdkVersion: '1', sdkType: 'portico' }],
    ['a projectId with a slash', { sdkVersion: '1', sdkType: 'portico', projectId: 'a/b' }],
  ],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [['a field', { networks: [1] }]],
  SET_PREFERRED_ACCOUNT: [['type smart_account', { type: 'smart_account' }]],
  SIGN_OUT: [['a field', { everywhere: true }]],
  IS_CONNECTED: [['a token with spaces', { token: 'a b' }]],
  RELOAD: [['null', null]],
}

export const invalidResponses: { [E in AppEvent]: [why: string, payload: unknown][] } = {
  CONNECT_EMAIL: [['an unknown action', { action: 'LOGIN' }]],
  CONNECT_DEVICE: [['action CONNECT', { action: 'CONNECT' }]],
  CONNECT_OTP: [
    ['a user without address', { user: { chainId: 1 } }],
    ['a user with a token', { user: { ...user, token: 'pts_x' } }],
  ],
  GET_SOCIAL_REDIRECT_URI: [['a javascript: URI', { uri: 'javascript:alert(1)' }]],
  CONNECT_SOCIAL: [['no user', {}]],
  GET_FARCASTER_URI: [['a data: URL', { url: 'data:text/html,hi' }]],
  CONNECT_FARCASTER: [['a user with a bad account type', { user: { ...user, accounts: [{ address: ADDRESS, type: 'ordinal' }] } }]],
  CONNECT_PASSKEY: [['no user', {}]],
  EXPORT_PRIVATE_KEY: [
    ['a private key in the answer', { privateKey: '0x' + '11'.repeat(32) }],
    ['a share in the answer', { share: 'AAAA' }],
  ],
  MANAGE_SECOND_FACTOR: [['the authenticator secret in the answer', { secret: 'JBSWY3DPEHPK3PXP' }]],
  CHANGE_RECOVERY: [['the recovery envelope in the answer', { envelope: {} }]],
  ADD_PASSKEY: [
    ['a credential id with a slash', { credentialId: 'a/b' }],
    ['no credential id', {}],
  ],
  GET_DEVICES: [
    ['a device without a label', { devices: [{ id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', addedAt: '2030-01-01T00:00:00.000Z', lastUsedAt: '2030-01-01T00:00:00.000Z', current: false }] }],
    ['a date that is not ISO-8601', { devices: [{ id: '0f8e6a52-3c1d-4e7b-9a20-5d4c3b2a1f00', label: 'x', addedAt: 'yesterday', lastUsedAt: '2030-01-01T00:00:00.000Z', current: false }] }],
  ],
  REMOVE_DEVICE: [['removed false', { removed: false }]],
  GET_USER: [['a user with a bad address', { user: { ...user, address: '0x123' } }]],
  GET_CHAIN_ID: [['chain id 0', { chainId: 0 }]],
  SWITCH_NETWORK: [['no chain id', {}]],
  RPC_REQUEST: [['no result', {}]],
  UPDATE_EMAIL: [['action VERIFY_OTP', { action: 'VERIFY_OTP' }]],
  UPDATE_EMAIL_PRIMARY_OTP: [['action VERIFY_PRIMARY_OTP', { action: 'VERIFY_PRIMARY_OTP' }]],
  UPDATE_EMAIL_SECONDARY_OTP: [['an invalid email', { newEmail: 'x' }]],
  SYNC_THEME: [['a field', { ok: true }]],
  SYNC_DAPP_DATA: [['a field', { ok: true }]],
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: [['strings', { smartAccountEnabledNetworks: ['1'] }]],
  SET_PREFERRED_ACCOUNT: [['no address', { type: 'eoa' }]],
  SIGN_OUT: [['a field', { ok: true }]],
  IS_CONNECTED: [['a string', { isConnected: 'yes' }]],
  RELOAD: [['a field', { ok: true }]],
}

export const validFrameEvents: { [F in FrameEvent]: FrameEventSchema[F][] } = {
  READY: [
    { version: '1', allowed: true },
    { version: '1', allowed: false, reason: 'origin_not_allowed' },
  ],
  ACCOUNT_CHANGED: [
    { address: ADDRESS, chainId: 1, type: 'eoa' },
    { address: SOLANA_ADDRESS, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
  ],
  CHAIN_CHANGED: [{ chainId: 'eip155:8453' }],
  SESSION_EXPIRED: [{}],
  APPROVAL_OPEN: [{}],
  APPROVAL_CLOSE: [{}],
}

export const invalidFrameEvents: { [F in FrameEvent]: [why: string, payload: unknown][] } = {
  READY: [
    ['allowed false without a reason', { version: '1', allowed: false }],
    ['allowed "yes"', { version: '1', allowed: 'yes' }],
  ],
  ACCOUNT_CHANGED: [['no address', { chainId: 1 }]],
  CHAIN_CHANGED: [['a chain id with spaces', { chainId: 'eip155: 1' }]],
  SESSION_EXPIRED: [['a field', { token: 'x' }]],
  APPROVAL_OPEN: [['a field', { at: 1 }]],
  APPROVAL_CLOSE: [['an array', []]],
}

/** Valid params and results for a few methods, typed by the RPC schema. */
export const rpcSamples: { [M in AllowedRpcMethod]?: { params: RpcParams<M>; result: RpcResult<M> } } = {
  eth_chainId: { params: [], result: '0x1' },
  eth_accounts: { params: [], result: [ADDRESS] },
  eth_getBalance: { params: [ADDRESS, 'latest'], result: '0x0de0b6b3a7640000' },
  personal_sign: { params: ['0x68656c6c6f', ADDRESS], result: SIGNATURE },
  eth_signTypedData_v4: { params: [ADDRESS, '{"types":{}}'], result: SIGNATURE },
  eth_sendTransaction: { params: [{ from: ADDRESS, to: ADDRESS, value: '0x1' }], result: TX_HASH },
  solana_signMessage: { params: { message: '3yZe7d', pubkey: SOLANA_ADDRESS }, result: { signature: '5'.repeat(88) } },
  wallet_sendCalls: { params: [{ version: '2.0.0', chainId: '0x1', calls: [{ to: ADDRESS, data: '0x', value: '0x0' }] }], result: { id: 'batch-1' } },
  wallet_getCallsStatus: { params: ['batch-1'], result: { version: '2.0.0', id: 'batch-1', chainId: '0x1', status: 200, atomic: false } },
  wallet_getCapabilities: { params: [ADDRESS, ['0x1']], result: { '0x1': { atomic: { status: 'unsupported' } } } },
  wallet_getAssets: { params: [{ account: ADDRESS }], result: { '0x1': [{ address: 'native', balance: '0x1', type: 'native' }] } },
}
