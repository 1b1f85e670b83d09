/**
 * JSON Schemas of every frame message (SPEC §5 "Iframe messages are validated against
 * schemas by type"), one per type, and of the params and results of each allowed RPC
 * method. They are compiled ahead of time into `validators.generated.js` by
 * `compile.ts` (ajv standalone code), so no `eval` / `new Function` runs in a browser
 * under a strict Content-Security-Policy.
 *
 * Every object is closed (`additionalProperties: false`) and every string, array and
 * map is bounded, so a hostile message is refused by shape before any code looks at it.
 * Patterns are written so that each input has one way to match (no backtracking).
 */
import { OAuthProviders } from '../../config/constants'
import { EmbeddedAccountTypes } from '../../validation/accountType'
import { ThemeModes } from '../../validation/themeMode'
import { MAX_OTP_LENGTH } from '../../validation/otp'
import { AllowedRpcMethods, type AllowedRpcMethod } from '../rpc'
import { EMAIL_PATTERN, MESSAGE_ID_PATTERN, PROJECT_ID_PATTERN } from './patterns'
import { AppEvents, APP_PREFIX, FRAME_PREFIX, FrameEvents, type AppEvent, type FrameEvent } from '../protocol'
import { CAIP2_PATTERN } from '../../shared/caip'
import { DEVICE_PUBLIC_ID_PATTERN } from '../../shared/devicesApi'

/** A JSON Schema (draft-07 subset that ajv compiles in strict mode). */
export type JsonSchema = { [keyword: string]: unknown }

// ---------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------

/** Prefix of the ids of shared definitions; each is its own schema so it is compiled once. */
export const DEFINITION_PREFIX = 'urn:portico-frame:'
const shared: Record<string, JsonSchema> = {}
/** Registers `schema` as a shared definition and returns a `$ref` to it. */
function define(name: string, schema: JsonSchema): JsonSchema {
  shared[`${DEFINITION_PREFIX}${name}`] = { $id: `${DEFINITION_PREFIX}${name}`, ...schema }
  return { $ref: `${DEFINITION_PREFIX}${name}` }
}

/** The shared definitions, by id (registered with the compiler, not exported). */
export function sharedDefinitions(): Record<string, JsonSchema> {
  return { ...shared }
}

const email = define('email', { type: 'string', minLength: 3, maxLength: 254, pattern: EMAIL_PATTERN })
/** SPEC §5 "OTP is a string": digits, as `isOtp` in src/validation/otp.ts. */
const otp = define('otp', { type: 'string', pattern: `^[0-9]{1,${MAX_OTP_LENGTH}}$` })
/** CAIP-2 (`namespace:reference`, per the CAIP-2 grammar) or an EVM chain id. */
const chainId = define('chainId', {
  anyOf: [
    { type: 'string', pattern: CAIP2_PATTERN },
    { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  ],
})
const EVM_ADDRESS = '0x[0-9a-fA-F]{40}'
const SOLANA_ADDRESS = '[1-9A-HJ-NP-Za-km-z]{32,44}'
const evmAddress = define('evmAddress', { type: 'string', pattern: `^${EVM_ADDRESS}$` })
const solanaAddress = define('solanaAddress', { type: 'string', pattern: `^${SOLANA_ADDRESS}$` })
const address = define('address', { type: 'string', pattern: `^(?:${EVM_ADDRESS}|${SOLANA_ADDRESS})$` })
const accountType = define('accountType', { type: 'string', enum: [...EmbeddedAccountTypes] })
const hexQuantity = define('hexQuantity', { type: 'string', pattern: '^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,63})$' })
/** Loose quantity for values the chain returns (leading zeros happen). */
const hexNumber = define('hexNumber', { type: 'string', pattern: '^0x[0-9a-fA-F]{1,64}$' })
const hexBytes = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^0x(?:[0-9a-fA-F]{2})*$' })
const hash = define('hash', { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' })
/** SPEC §5 "Signed message: 0x followed by 62 or more hex characters". */
const signature = { type: 'string', maxLength: 2 + 2 * 4096, pattern: '^0x[0-9a-fA-F]{62,}$' }
const base58 = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '^[1-9A-HJ-NP-Za-km-z]+$' })
const base64 = (maxLength: number) => ({ type: 'string', minLength: 4, maxLength, pattern: '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' })
/** A URL the app may open: http(s) only, so a `javascript:` URL can never reach a link. */
const httpUrl = define('httpUrl', { type: 'string', minLength: 8, maxLength: 4096, pattern: '^https?://[^\\s]+$' })
const text = (maxLength: number) => ({ type: 'string', maxLength })

/** Any JSON value; its size and depth are bounded before validation (`jsonBounds.ts`). */
const anyJson = {}
const jsonObject = { type: 'object', maxProperties: 256 }

function object(properties: Record<string, JsonSchema>, required: readonly string[] = Object.keys(properties)): JsonSchema {
  return { type: 'object', additionalProperties: false, required: [...required], properties }
}
const empty = define('empty', object({}))
/** A device's public id in the device list (a random UUID, src/shared/devicesApi.ts). */
const deviceId = define('deviceId', { type: 'string', pattern: DEVICE_PUBLIC_ID_PATTERN })
const isoTime = { type: 'string', maxLength: 32, pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$' }

const user = define(
  'user',
  object(
    {
      email: { anyOf: [email, { type: 'null' }] },
      address,
      chainId,
      accounts: { type: 'array', maxItems: 16, items: object({ address, type: accountType }) },
      userName: text(256),
      smartAccountDeployed: { type: 'boolean' },
      preferredAccountType: accountType,
      addresses: object({ eip155: evmAddress, solana: solanaAddress }, []),
    },
    ['address', 'chainId'],
  ),
)

// ---------------------------------------------------------------------------------
// Payloads per event
// ---------------------------------------------------------------------------------

/** What the app sends, per event (SPEC §3 payloads). */
export const appPayloadSchemas: Record<AppEvent, JsonSchema> = {
  CONNECT_EMAIL: object({ email }),
  CONNECT_DEVICE: object({ otp }),
  CONNECT_OTP: object({ otp }),
  GET_SOCIAL_REDIRECT_URI: object({ provider: { type: 'string', enum: [...OAuthProviders] } }),
  CONNECT_SOCIAL: object({ uri: httpUrl, preferredAccountType: accountType, chainId }, ['uri']),
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: empty,
  CONNECT_PASSKEY: object({ chainId }, []),
  ADD_PASSKEY: empty,
  EXPORT_PRIVATE_KEY: object({ namespace: { type: 'string', enum: ['eip155', 'solana'] } }, []),
  MANAGE_SECOND_FACTOR: empty,
  CHANGE_RECOVERY: empty,
  GET_DEVICES: empty,
  REMOVE_DEVICE: object({ id: deviceId }),
  GET_USER: object({ chainId, preferredAccountType: accountType }, []),
  GET_CHAIN_ID: empty,
  SWITCH_NETWORK: object({ chainId }),
  RPC_REQUEST: object(
    {
      // Any well-formed name reaches the frame, which refuses a method that is not
      // allowed with a clear error (SPEC §5) rather than a schema message.
      method: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
      params: { anyOf: [{ type: 'array', maxItems: 64 }, jsonObject] },
      chainId,
    },
    ['method'],
  ),
  UPDATE_EMAIL: object({ email }),
  UPDATE_EMAIL_PRIMARY_OTP: object({ otp }),
  UPDATE_EMAIL_SECONDARY_OTP: object({ otp }),
  SYNC_THEME: object(
    {
      themeMode: { type: 'string', enum: [...ThemeModes] },
      themeVariables: {
        type: 'object',
        maxProperties: 64,
        propertyNames: { pattern: '^--[a-z0-9-]{1,64}$' },
        additionalProperties: { anyOf: [text(256), { type: 'number' }] },
      },
      w3mThemeVariables: {
        type: 'object',
        maxProperties: 64,
        propertyNames: { pattern: '^--[a-z0-9-]{1,64}$' },
        additionalProperties: text(256),
      },
    },
    ['themeMode'],
  ),
  SYNC_DAPP_DATA: object(
    {
      metadata: object({
        name: text(256),
        description: text(1024),
        url: text(2048),
        icons: { type: 'array', maxItems: 16, items: text(2048) },
      }),
      sdkVersion: text(64),
      sdkType: text(64),
      projectId: { type: 'string', pattern: PROJECT_ID_PATTERN },
    },
    ['sdkVersion', 'sdkType', 'projectId'],
  ),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: empty,
  SET_PREFERRED_ACCOUNT: object({ type: accountType }),
  SIGN_OUT: empty,
  IS_CONNECTED: object({ token: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,512}$' } }, []),
  RELOAD: empty,
}

/** What the frame answers on success, per event. */
export const successPayloadSchemas: Record<AppEvent, JsonSchema> = {
  CONNECT_EMAIL: object({ action: { type: 'string', enum: ['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'] } }),
  CONNECT_DEVICE: object({ action: { type: 'string', enum: ['VERIFY_OTP'] } }),
  CONNECT_OTP: object({ user }),
  GET_SOCIAL_REDIRECT_URI: object({ uri: httpUrl }),
  CONNECT_SOCIAL: object({ user }),
  GET_FARCASTER_URI: object({ url: httpUrl }),
  CONNECT_FARCASTER: object({ user }),
  CONNECT_PASSKEY: object({ user }),
  ADD_PASSKEY: object({ credentialId: { type: 'string', minLength: 1, maxLength: 1400, pattern: '^[A-Za-z0-9_-]+$' } }),
  // Closed: nothing about the key is sent, so the answer has no field at all.
  EXPORT_PRIVATE_KEY: empty,
  // Closed: nothing about the factor (a secret, a code) is sent.
  MANAGE_SECOND_FACTOR: empty,
  CHANGE_RECOVERY: empty,
  GET_DEVICES: object({
    devices: {
      type: 'array',
      maxItems: 256,
      items: object({ id: deviceId, label: text(128), addedAt: isoTime, lastUsedAt: isoTime, current: { type: 'boolean' } }),
    },
  }),
  REMOVE_DEVICE: object({ removed: { const: true } }),
  GET_USER: object({ user }),
  GET_CHAIN_ID: object({ chainId }),
  SWITCH_NETWORK: object({ chainId }),
  // The result's own shape is checked per method (rpcResultSchemas) by the client.
  RPC_REQUEST: object({ result: anyJson }),
  UPDATE_EMAIL: object({ action: { type: 'string', enum: ['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP'] } }),
  UPDATE_EMAIL_PRIMARY_OTP: object({ action: { type: 'string', enum: ['VERIFY_SECONDARY_OTP'] } }),
  UPDATE_EMAIL_SECONDARY_OTP: object({ newEmail: email }),
  SYNC_THEME: empty,
  SYNC_DAPP_DATA: empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: object({
    smartAccountEnabledNetworks: { type: 'array', maxItems: 256, items: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
  }),
  SET_PREFERRED_ACCOUNT: object({ type: accountType, address }),
  SIGN_OUT: empty,
  IS_CONNECTED: object({ isConnected: { type: 'boolean' } }),
  RELOAD: empty,
}

/** SPEC §7 "an error event carries a message". */
export const errorPayloadSchema: JsonSchema = define(
  'errorPayload',
  object(
    {
      message: text(2000),
      code: {
        anyOf: [
          { type: 'integer', minimum: -2147483648, maximum: 2147483647 },
          { type: 'string', pattern: '^[A-Za-z0-9_]{1,64}$' },
        ],
      },
      retryAfter: { type: 'integer', minimum: 0, maximum: 86_400 },
    },
    [],
  ),
)

export const frameEventPayloadSchemas: Record<FrameEvent, JsonSchema> = {
  READY: {
    anyOf: [
      object({ version: text(64), allowed: { const: true } }),
      object({ version: text(64), allowed: { const: false }, reason: { type: 'string', enum: ['origin_not_allowed', 'invalid_project'] } }),
    ],
  },
  ACCOUNT_CHANGED: object({ address, chainId, type: accountType }, ['address', 'chainId']),
  CHAIN_CHANGED: object({ chainId }),
  SESSION_EXPIRED: empty,
  APPROVAL_OPEN: empty,
  APPROVAL_CLOSE: empty,
}

// ---------------------------------------------------------------------------------
// Envelopes: { id, type, payload }
// ---------------------------------------------------------------------------------

const messageId = define('messageId', { type: 'string', pattern: MESSAGE_ID_PATTERN })

function envelope(type: JsonSchema, payload: JsonSchema): JsonSchema {
  return object({ id: messageId, type, payload })
}

export const appMessageSchemas = Object.fromEntries(AppEvents.map((event) => [event, envelope({ const: `${APP_PREFIX}${event}` }, appPayloadSchemas[event])])) as Record<AppEvent, JsonSchema>

export const successMessageSchemas = Object.fromEntries(AppEvents.map((event) => [event, envelope({ const: `${FRAME_PREFIX}${event}_SUCCESS` }, successPayloadSchemas[event])])) as Record<
  AppEvent,
  JsonSchema
>

/** One schema for every `_ERROR` reply; the dispatcher has already read which event it answers. */
export const errorMessageSchema: JsonSchema = envelope({ type: 'string', pattern: `^${FRAME_PREFIX}[A-Z_]{1,64}_ERROR$` }, errorPayloadSchema)

export const frameEventMessageSchemas = Object.fromEntries(FrameEvents.map((event) => [event, envelope({ const: `${FRAME_PREFIX}${event}` }, frameEventPayloadSchemas[event])])) as Record<
  FrameEvent,
  JsonSchema
>

// ---------------------------------------------------------------------------------
// RPC params and results (SPEC §5 allowed methods, sendCalls and capabilities rules)
// ---------------------------------------------------------------------------------

function tuple(items: JsonSchema[], minItems = items.length): JsonSchema {
  return { type: 'array', minItems, maxItems: items.length, items, additionalItems: false }
}
const noParams = { type: 'array', maxItems: 0 }
const blockTag = { anyOf: [hexQuantity, { type: 'string', enum: ['latest', 'earliest', 'pending', 'safe', 'finalized'] }] }
const callRequest = define(
  'callRequest',
  object(
    {
      from: evmAddress,
      to: { anyOf: [evmAddress, { type: 'null' }] },
      value: hexQuantity,
      data: hexBytes(2 + 2 * 131_072),
      input: hexBytes(2 + 2 * 131_072),
      gas: hexQuantity,
      gasPrice: hexQuantity,
      maxFeePerGas: hexQuantity,
      maxPriorityFeePerGas: hexQuantity,
      nonce: hexQuantity,
      type: { type: 'string', enum: ['0x0', '0x1', '0x2'] },
      chainId: hexQuantity,
      accessList: {
        type: 'array',
        maxItems: 256,
        items: object({ address: evmAddress, storageKeys: { type: 'array', maxItems: 1024, items: hash } }),
      },
    },
    [],
  ),
)
const genericParams = define('genericParams', { type: 'array', maxItems: 8 })

/** Params of each allowed method; the reads not named here take up to 8 JSON values. */
export const rpcParamsSchemas: Record<AllowedRpcMethod, JsonSchema> = {
  ...(Object.fromEntries(AllowedRpcMethods.map((method) => [method, genericParams])) as Record<AllowedRpcMethod, JsonSchema>),
  eth_accounts: noParams,
  eth_requestAccounts: noParams,
  eth_chainId: noParams,
  eth_blockNumber: noParams,
  eth_gasPrice: noParams,
  eth_maxPriorityFeePerGas: noParams,
  eth_blobBaseFee: noParams,
  eth_syncing: noParams,
  eth_protocolVersion: noParams,
  eth_getBalance: tuple([evmAddress, blockTag], 1),
  eth_getTransactionCount: tuple([evmAddress, blockTag], 1),
  eth_getCode: tuple([evmAddress, blockTag], 1),
  eth_call: tuple([callRequest, { anyOf: [blockTag, jsonObject] }, jsonObject], 1),
  eth_estimateGas: tuple([callRequest, blockTag, jsonObject], 1),
  eth_getTransactionReceipt: tuple([hash]),
  eth_getTransactionByHash: tuple([hash]),
  // [message, address]: hex bytes or text, at most 32 KiB, as the frame signs.
  personal_sign: tuple([text(2 + 2 * 32_768), evmAddress]),
  eth_signTypedData_v4: tuple([evmAddress, { anyOf: [text(131_072), jsonObject] }]),
  eth_sendTransaction: tuple([callRequest]),
  solana_signMessage: object({ message: base58(45_000), pubkey: base58(44) }),
  solana_signTransaction: object({ transaction: base64(8192) }),
  solana_signAllTransactions: object({ transactions: { type: 'array', minItems: 1, maxItems: 32, items: base64(8192) } }),
  solana_signAndSendTransaction: object({ transaction: base64(8192), sendOptions: jsonObject }, ['transaction']),
  wallet_sendCalls: tuple([
    object(
      {
        version: text(16),
        id: text(256),
        from: evmAddress,
        chainId: hexQuantity,
        atomicRequired: { type: 'boolean' },
        calls: {
          type: 'array',
          minItems: 1,
          maxItems: 32,
          // SPEC §5: each call needs a 'to' starting with 0x; its optional data also starts with 0x.
          items: object({ to: evmAddress, data: hexBytes(2 + 2 * 131_072), value: hexQuantity, capabilities: jsonObject }, ['to']),
        },
        capabilities: jsonObject,
      },
      ['version', 'chainId', 'calls'],
    ),
  ]),
  wallet_getCallsStatus: tuple([{ type: 'string', minLength: 1, maxLength: 256 }]),
  // SPEC §5: "Capabilities requests need an address parameter".
  wallet_getCapabilities: tuple([evmAddress, { type: 'array', maxItems: 64, items: hexQuantity }], 1),
  wallet_grantPermissions: tuple([jsonObject]),
  wallet_revokePermissions: tuple([jsonObject]),
  wallet_getAssets: tuple([
    object(
      {
        account: evmAddress,
        chainFilter: { type: 'array', maxItems: 64, items: hexQuantity },
        assetTypeFilter: { type: 'array', maxItems: 8, items: text(32) },
        assetFilter: jsonObject,
      },
      ['account'],
    ),
  ]),
}

/** Results the client checks before handing them to the dapp; reads not named here are any JSON. */
export const rpcResultSchemas: Record<AllowedRpcMethod, JsonSchema> = {
  ...(Object.fromEntries(AllowedRpcMethods.map((method) => [method, anyJson])) as Record<AllowedRpcMethod, JsonSchema>),
  eth_accounts: { type: 'array', maxItems: 16, items: evmAddress },
  eth_requestAccounts: { type: 'array', maxItems: 16, items: evmAddress },
  eth_chainId: hexNumber,
  eth_blockNumber: hexNumber,
  eth_gasPrice: hexNumber,
  eth_maxPriorityFeePerGas: hexNumber,
  eth_getBalance: hexNumber,
  eth_getTransactionCount: hexNumber,
  eth_estimateGas: hexNumber,
  eth_call: hexBytes(2 + 2 * 1_048_576),
  eth_getCode: hexBytes(2 + 2 * 1_048_576),
  personal_sign: signature,
  eth_signTypedData_v4: signature,
  eth_sendTransaction: hash,
  solana_signMessage: object({ signature: base58(100) }),
  solana_signTransaction: object({ signature: base58(100), transaction: base64(8192) }),
  solana_signAllTransactions: object({ transactions: { type: 'array', maxItems: 32, items: base64(8192) } }),
  solana_signAndSendTransaction: object({ signature: base58(100) }),
  wallet_sendCalls: object({ id: { type: 'string', minLength: 1, maxLength: 256 }, capabilities: jsonObject }, ['id']),
  wallet_getCallsStatus: {
    type: 'object',
    required: ['version', 'id', 'chainId', 'status', 'atomic'],
    properties: {
      version: text(16),
      id: text(256),
      chainId: hexNumber,
      status: { type: 'integer', minimum: 100, maximum: 999 },
      atomic: { type: 'boolean' },
      receipts: { type: 'array', maxItems: 32 },
      capabilities: jsonObject,
    },
    additionalProperties: false,
  },
  wallet_getCapabilities: jsonObject,
  wallet_getAssets: jsonObject,
}

/** Every schema the compiler turns into a named export, by export name. */
export function allSchemas(): Record<string, JsonSchema> {
  const named: Record<string, JsonSchema> = {}
  for (const event of AppEvents) {
    named[`app_${event}`] = appMessageSchemas[event]
    named[`success_${event}`] = successMessageSchemas[event]
  }
  named.frame_error = errorMessageSchema
  for (const event of FrameEvents) named[`event_${event}`] = frameEventMessageSchemas[event]
  for (const method of AllowedRpcMethods) {
    named[`rpcParams_${method}`] = rpcParamsSchemas[method]
    named[`rpcResult_${method}`] = rpcResultSchemas[method]
  }
  return named
}
