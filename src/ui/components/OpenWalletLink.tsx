import { isUniversalLink } from '../format/walletLink'
import { format } from '../strings'
import { useStrings } from '../useStrings'

/** "Open … to approve": brings the phone's wallet app up (a universal link in a new tab, a custom scheme in place). */
export function OpenWalletLink({ link, className }: { link: { url: string; name: string }; className: string }) {
  const t = useStrings()
  return (
    <a className={className} href={link.url} target={isUniversalLink(link.url) ? '_blank' : undefined} rel="noopener noreferrer">
      {format(t.openToApprove, { name: link.name })}
    </a>
  )
}
