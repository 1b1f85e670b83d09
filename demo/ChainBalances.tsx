import { useEffect, useState } from 'react'
import type { NamespacePlugin } from '../src'
import { usePorticoSelector } from '../src/react'

/** `value` (smallest unit, decimal string) with `decimals`, trailing zeros dropped. */
function formatUnits(value: string, decimals: number): string {
  const digits = value.padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * What a multi-chain dapp shows beside the modal: each connected Solana and Bitcoin
 * account with its balance. Solana's comes from Portico's state (the balance saga);
 * Bitcoin has no balance feature in SPEC §5, so the dapp asks the bip122 plugin's
 * balance capability itself (Esplora).
 */
export function ChainBalances({ plugins }: { plugins: readonly NamespacePlugin[] }) {
  return (
    <section className="demo" aria-label="Other chains">
      {plugins
        .filter((plugin) => plugin.namespace !== 'eip155')
        .map((plugin) => (
          <NamespaceBalance key={plugin.namespace} plugin={plugin} />
        ))}
    </section>
  )
}

function NamespaceBalance({ plugin }: { plugin: NamespacePlugin }) {
  const namespace = plugin.namespace
  const account = usePorticoSelector((s) => s.account.byNamespace[namespace])
  const network = usePorticoSelector((s) => {
    const caip = s.account.byNamespace[namespace]?.caipAddress?.split(':').slice(0, 2).join(':')
    return s.network.networks.find((n) => n.caipNetworkId === caip)
  })
  const [read, setRead] = useState<string>()
  const connected = account?.status === 'connected' && account.address !== undefined
  const fromState = account?.balance !== undefined ? `${account.balance} ${account.balanceSymbol ?? ''}`.trim() : undefined
  useEffect(() => {
    setRead(undefined)
    if (!connected || plugin.features.balance || !plugin.balance || !network || !account?.address) return
    let live = true
    plugin.balance.getBalance({ address: account.address, network }).then(
      ({ value, decimals, symbol }) => live && setRead(`${formatUnits(value, decimals)} ${symbol}`),
      (error: Error) => live && setRead(`Error: ${error.message}`),
    )
    return () => {
      live = false
    }
  }, [connected, plugin, network, account?.address])
  if (!connected) return null
  return (
    <dl aria-label={`${plugin.name} account`}>
      <dt>{plugin.name}</dt>
      <dd data-testid={`demo-${namespace}-address`}>{account.caipAddress}</dd>
      <dt>Balance</dt>
      <dd data-testid={`demo-${namespace}-balance`}>{(plugin.features.balance ? fromState : read) ?? '…'}</dd>
    </dl>
  )
}
