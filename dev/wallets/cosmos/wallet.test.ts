import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { msgSend, serializeSignDoc, type StdSignDoc } from '../../../examples/cosmos-plugin/src/amino'
import { fromBase64, pubkeyToAddress } from '../../../examples/cosmos-plugin/src/pubkey'
import { DEV_COSMOS_KEY_HEX, fromHex } from '../devKeys'
import { KEPLR_REJECTED, KeplrDevWallet } from './wallet'

const chainId = 'cosmoshub-local'
const wallet = () => new KeplrDevWallet({ privateKey: fromHex(DEV_COSMOS_KEY_HEX), chainIds: [chainId] })

function doc(signer: string): StdSignDoc {
  return {
    chain_id: chainId,
    account_number: '0',
    sequence: '3',
    fee: { amount: [{ denom: 'uatom', amount: '2000' }], gas: '200000' },
    msgs: [msgSend(signer, signer, [{ denom: 'uatom', amount: '1' }])],
    memo: '',
  }
}

describe('KeplrDevWallet', () => {
  it("answers getKey with its key's address once the chain is enabled", async () => {
    const keplr = wallet()
    await expect(keplr.getKey(chainId)).rejects.toThrow(`${chainId} is not enabled for this site`)
    await keplr.enable(chainId)
    const key = await keplr.getKey(chainId)
    expect(key.bech32Address).toBe(pubkeyToAddress(key.pubKey))
    expect(key.bech32Address).toBe(keplr.dev.address())
    expect(key.address).toHaveLength(20)
    expect((await keplr.getOfflineSignerOnlyAmino(chainId).getAccounts())[0]?.address).toBe(key.bech32Address)
  })

  it('signs SHA-256 of the sorted Amino JSON document with a low-S signature that verifies against its key', async () => {
    const keplr = wallet()
    await keplr.enable(chainId)
    const address = keplr.dev.address()
    const { signed, signature } = await keplr.signAmino(chainId, address, doc(address))
    expect(signed).toEqual(doc(address))
    const sig = fromBase64(signature.signature)
    expect(sig).toHaveLength(64)
    expect(secp256k1.verify(sig, sha256(serializeSignDoc(signed)), fromBase64(signature.pub_key.value), { lowS: true })).toBe(true)
  })

  it('refuses an unknown chain, another signer, and, once asked to, the next request', async () => {
    const keplr = wallet()
    await expect(keplr.enable('osmosis-1')).rejects.toThrow('There is no chain info for osmosis-1')
    await keplr.enable(chainId)
    await expect(keplr.signAmino(chainId, 'cosmos1t2uflqwqe0fsj0shcfkrvpukewcw40yjj6hdc0', doc(keplr.dev.address()))).rejects.toThrow('Signer mismatched')
    keplr.dev.refuseNext()
    await expect(keplr.signAmino(chainId, keplr.dev.address(), doc(keplr.dev.address()))).rejects.toThrow(KEPLR_REJECTED)
    await expect(keplr.signAmino(chainId, keplr.dev.address(), doc(keplr.dev.address()))).resolves.toBeDefined()
    await keplr.disable()
    expect(keplr.dev.enabled()).toEqual([])
  })
})
