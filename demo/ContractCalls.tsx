import { useState } from 'react'
import { erc20Abi, parseAbi, parseEventLogs, parseUnits, type Address, type Hash } from 'viem'
import { useAccount, useConnect, useDisconnect, useSendCalls, useWaitForCallsStatus, useWaitForTransactionReceipt, useWriteContract } from 'wagmi'
import { usePorticoEvent } from '../src/react'

/** The test NFT's mint (dev/chain/contracts/PorticoTestNft.sol): anyone may mint to anyone. */
const testNftAbi = parseAbi(['function mint(address to) returns (uint256)', 'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])

export type DemoContracts = {
  nft: Address
  token: Address
  /** The dapp's ERC-7677 paymaster for a chain (the reference server's `/v1/paymaster`), when it has one. */
  paymasterUrl?: ((chainId: number) => string) | undefined
}

/**
 * What a wagmi dapp does with the connection Portico made: wagmi's own hooks
 * (`useAccount`, `useWriteContract`, `useWaitForTransactionReceipt`, `useDisconnect`)
 * through `porticoConnector`, whatever wallet the visitor picked in the modal.
 */
export function ContractCalls({ contracts }: { contracts: DemoContracts | undefined }) {
  const account = useAccount()
  const { connect, connectors } = useConnect()
  const { disconnect } = useDisconnect()
  const [lastEvent, setLastEvent] = useState<string>()
  usePorticoEvent('CONNECT_SUCCESS', ({ address }) => setLastEvent(`CONNECT_SUCCESS ${address}`))
  usePorticoEvent('DISCONNECT_SUCCESS', ({ namespace }) => setLastEvent(`DISCONNECT_SUCCESS ${namespace}`))
  usePorticoEvent('SWITCH_NETWORK', ({ caipNetworkId }) => setLastEvent(`SWITCH_NETWORK ${caipNetworkId}`))
  return (
    <section className="demo" aria-label="wagmi">
      <h2>Through wagmi</h2>
      <dl aria-label="wagmi state">
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{account.address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{account.chainId ?? '—'}</dd>
        <dt>Last Portico event</dt>
        <dd data-testid="demo-last-event">{lastEvent ?? '—'}</dd>
      </dl>
      {account.status === 'disconnected' ? (
        <div className="actions">
          {/* wagmi's connect opens Portico's modal and resolves when the visitor connects there. */}
          <button type="button" className="secondary" onClick={() => connect({ connector: connectors[0]! })}>
            Connect through wagmi
          </button>
        </div>
      ) : null}
      {account.isConnected && account.address && contracts ? (
        <>
          <MintNft nft={contracts.nft} owner={account.address} />
          {contracts.paymasterUrl && account.chainId !== undefined ? <MintInOneBatch nft={contracts.nft} owner={account.address} paymasterUrl={contracts.paymasterUrl(account.chainId)} /> : null}
          <TransferToken token={contracts.token} />
          <div className="actions">
            <button type="button" className="secondary" onClick={() => disconnect()}>
              Disconnect through wagmi
            </button>
          </div>
        </>
      ) : null}
    </section>
  )
}

function MintNft({ nft, owner }: { nft: Address; owner: Address }) {
  const write = useWriteContract()
  return (
    <div className="demo-call">
      <button type="button" className="secondary" disabled={write.isPending} onClick={() => write.writeContract({ address: nft, abi: testNftAbi, functionName: 'mint', args: [owner] })}>
        Mint the test NFT
      </button>
      <Outcome
        testId="wagmi-mint"
        hash={write.data}
        error={write.error}
        pending={write.isPending}
        describe={(logs) => {
          const [transfer] = parseEventLogs({ abi: testNftAbi, eventName: 'Transfer', logs })
          return transfer ? `token #${transfer.args.tokenId} minted to ${transfer.args.to}` : 'no NFT minted'
        }}
      />
    </div>
  )
}

/**
 * EIP-5792 through wagmi's `useSendCalls`, asking for the dapp's own paymaster (ERC-7677
 * `paymasterService`, optional: a wallet that cannot use it pays or sponsors its own way).
 */
function MintInOneBatch({ nft, owner, paymasterUrl }: { nft: Address; owner: Address; paymasterUrl: string }) {
  const send = useSendCalls()
  const status = useWaitForCallsStatus({ id: send.data?.id, pollingInterval: 500 })
  return (
    <div className="demo-call">
      <button
        type="button"
        className="secondary"
        disabled={send.isPending}
        onClick={() => send.mutate({ calls: [{ to: nft, abi: testNftAbi, functionName: 'mint', args: [owner] }], capabilities: { paymasterService: { url: paymasterUrl, optional: true } } })}
      >
        Mint with sponsored gas (sendCalls)
      </button>
      <Outcome
        testId="wagmi-batch"
        hash={status.data?.receipts?.[0]?.transactionHash}
        error={send.error ?? status.error}
        pending={send.isPending || (send.data !== undefined && status.data === undefined)}
        describe={(logs) => {
          const [transfer] = parseEventLogs({ abi: testNftAbi, eventName: 'Transfer', logs })
          return transfer ? `token #${transfer.args.tokenId} minted to ${transfer.args.to}` : 'no NFT minted'
        }}
      />
    </div>
  )
}

function TransferToken({ token }: { token: Address }) {
  const write = useWriteContract()
  const [to, setTo] = useState('0x000000000000000000000000000000000000dEaD')
  const [amount, setAmount] = useState('1')
  return (
    <form
      className="demo-call"
      onSubmit={(event) => {
        event.preventDefault()
        write.writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to as Address, parseUnits(amount || '0', 18)] })
      }}
    >
      <label>
        Receiver <input value={to} onChange={(event) => setTo(event.target.value)} spellCheck={false} />
      </label>
      <label>
        PTT <input value={amount} onChange={(event) => setAmount(event.target.value)} inputMode="decimal" size={6} />
      </label>
      <button type="submit" className="secondary" disabled={write.isPending}>
        Transfer the test token
      </button>
      <Outcome
        testId="wagmi-transfer"
        hash={write.data}
        error={write.error}
        pending={write.isPending}
        describe={(logs) => {
          const [transfer] = parseEventLogs({ abi: erc20Abi, eventName: 'Transfer', logs })
          return transfer ? `${transfer.args.value} sent to ${transfer.args.to}` : 'nothing transferred'
        }}
      />
    </form>
  )
}

/** The transaction's hash as soon as the wallet answers, then its confirmed outcome. */
function Outcome({
  testId,
  hash,
  error,
  pending,
  describe,
}: {
  testId: string
  hash: Hash | undefined
  error: Error | null
  pending: boolean
  describe: (logs: Parameters<typeof parseEventLogs>[0]['logs']) => string
}) {
  const receipt = useWaitForTransactionReceipt({ hash, pollingInterval: 500 })
  const result = error
    ? `Error: ${(error as { shortMessage?: string }).shortMessage ?? error.message}`
    : receipt.data
      ? `${receipt.data.status === 'success' ? 'Confirmed' : 'Reverted'} in block ${receipt.data.blockNumber}: ${describe(receipt.data.logs)}`
      : hash
        ? 'Waiting for confirmation…'
        : pending
          ? 'Waiting for the wallet…'
          : '—'
  return (
    <dl>
      <dt>Transaction</dt>
      <dd data-testid={`${testId}-hash`}>{hash ?? '—'}</dd>
      <dt>Result</dt>
      {/* The live region sits inside the dd: a dd with a role is no longer a dd, and its dl breaks (axe definition-list). */}
      <dd data-testid={`${testId}-result`}>
        <span role="status">{result}</span>
      </dd>
    </dl>
  )
}
