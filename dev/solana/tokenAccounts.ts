// SPL Token accounts as the validator's `jsonParsed` encoding shows them
// (`{ program: 'spl-token', parsed: { type, info }, space }`), decoded with the Token
// program's own codecs from @solana-program/token. Only the classic Token program: the
// stand-in loads no Token-2022 mint.
import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { isSome, type Option } from '@solana/kit'

type RawAccount = { programAddress: string; data: Uint8Array }

/** `tokenAmount` / `getTokenAccountBalance` value: the amount in base units and in the token's units. */
export type UiTokenAmount = { amount: string; decimals: number; uiAmount: number; uiAmountString: string }

/** 1500000 with 6 decimals → '1.5' (what validators write in `uiAmountString`). */
export function uiAmountString(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const ui = uiAmountString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(ui), uiAmountString: ui }
}

const optional = (value: Option<string>): string | null => (isSome(value) ? value.value : null)

export const isTokenProgramAccount = (account: RawAccount): boolean => account.programAddress === TOKEN_PROGRAM_ADDRESS

/** The owner and mint of a token account (165 bytes of the Token program), or undefined. */
export function tokenAccountOf(account: RawAccount): { owner: string; mint: string; amount: bigint } | undefined {
  if (!isTokenProgramAccount(account) || account.data.length !== getTokenSize()) return undefined
  const token = getTokenDecoder().decode(account.data)
  return { owner: token.owner, mint: token.mint, amount: token.amount }
}

/** The decimals and supply of a mint account, or undefined when the account is no mint. */
export function mintOf(account: RawAccount | null): { decimals: number; supply: bigint } | undefined {
  if (!account || !isTokenProgramAccount(account) || account.data.length !== getMintSize()) return undefined
  const { decimals, supply } = getMintDecoder().decode(account.data)
  return { decimals, supply }
}

/**
 * The `jsonParsed` data of a Token program account (mint or token account), or undefined
 * for any other account (the caller then answers base64, as a validator does).
 * `mintAccount` reads the mint of a token account, for its decimals.
 */
export function parsedTokenData(account: RawAccount, mintAccount: (mint: string) => RawAccount | null): unknown {
  if (!isTokenProgramAccount(account)) return undefined
  const space = account.data.length
  if (space === getMintSize()) {
    const mint = getMintDecoder().decode(account.data)
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: optional(mint.freezeAuthority),
          isInitialized: mint.isInitialized,
          mintAuthority: optional(mint.mintAuthority),
          supply: mint.supply.toString(),
        },
      },
      space,
    }
  }
  if (space === getTokenSize()) {
    const token = getTokenDecoder().decode(account.data)
    const decimals = mintOf(mintAccount(token.mint))?.decimals ?? 0
    const delegate = optional(token.delegate)
    const closeAuthority = optional(token.closeAuthority)
    return {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: isSome(token.isNative),
          mint: token.mint,
          owner: token.owner,
          state: ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'initialized',
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(delegate ? { delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) } : {}),
          ...(closeAuthority ? { closeAuthority } : {}),
        },
      },
      space,
    }
  }
  return undefined
}
