import { CustodyErrorCodes } from './errors'
import { generateWalletSecret, type CustodyNamespace } from './keys'
import { rebuildWalletSecret, SHARE_ROLES, splitWalletSecret } from './shares'

const pairs = [
  ['device', 'auth'],
  ['device', 'recovery'],
  ['auth', 'recovery'],
] as const

describe.each<CustodyNamespace>(['eip155', 'solana'])('2-of-3 shares of a %s key', (namespace) => {
  it('every pair, in either order, and all three rebuild the same secret', async () => {
    const wallet = generateWalletSecret(namespace)
    const shares = await splitWalletSecret(wallet)
    for (const [a, b] of pairs) {
      expect(await rebuildWalletSecret(wallet, [shares[a], shares[b]])).toEqual(wallet.secret)
      expect(await rebuildWalletSecret(wallet, [shares[b], shares[a]])).toEqual(wallet.secret)
    }
    expect(
      await rebuildWalletSecret(
        wallet,
        SHARE_ROLES.map((role) => shares[role]),
      ),
    ).toEqual(wallet.secret)
  })

  it('one share alone (or the same share twice) rebuilds nothing, and no share contains the secret', async () => {
    const wallet = generateWalletSecret(namespace)
    const shares = await splitWalletSecret(wallet)
    const hex = Buffer.from(wallet.secret).toString('hex')
    for (const role of SHARE_ROLES) {
      expect(Buffer.from(shares[role]).toString('hex')).not.toContain(hex)
      await expect(rebuildWalletSecret(wallet, [shares[role]])).rejects.toMatchObject({ code: CustodyErrorCodes.notEnoughShares })
      await expect(rebuildWalletSecret(wallet, [shares[role], Uint8Array.from(shares[role])])).rejects.toMatchObject({ code: CustodyErrorCodes.notEnoughShares })
    }
    await expect(rebuildWalletSecret(wallet, [shares.device, shares.auth.subarray(1)])).rejects.toMatchObject({ code: CustodyErrorCodes.notEnoughShares })
  })

  it('a tampered share, or a share of another key, is detected by the address check', async () => {
    const wallet = generateWalletSecret(namespace)
    const shares = await splitWalletSecret(wallet)
    const tampered = Uint8Array.from(shares.auth)
    tampered[5] = tampered[5]! ^ 0x01
    await expect(rebuildWalletSecret(wallet, [shares.device, tampered])).rejects.toMatchObject({
      code: CustodyErrorCodes.shareMismatch,
      message: `The shares do not rebuild the key of ${wallet.address}`,
    })
    const other = await splitWalletSecret(generateWalletSecret(namespace))
    await expect(rebuildWalletSecret(wallet, [shares.device, other.recovery])).rejects.toMatchObject({ code: CustodyErrorCodes.shareMismatch })
  })

  it('a fresh split of the same key gives new shares that do not mix with the old ones', async () => {
    const wallet = generateWalletSecret(namespace)
    const first = await splitWalletSecret(wallet)
    const second = await splitWalletSecret(wallet)
    expect(second.device).not.toEqual(first.device)
    expect(await rebuildWalletSecret(wallet, [second.device, second.recovery])).toEqual(wallet.secret)
    // Same x coordinates, different polynomials: old device + new auth is another secret.
    await expect(rebuildWalletSecret(wallet, [first.device, second.auth])).rejects.toMatchObject({ code: CustodyErrorCodes.shareMismatch })
  })
})
