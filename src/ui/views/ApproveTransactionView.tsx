import { en } from '../strings'

/** SPEC §2 ApproveTransaction: the wallet is asked; the modal cannot be closed meanwhile (SPEC §4). */
export function ApproveTransactionView() {
  return (
    <p className="portico-hint portico-center" role="status">
      <span className="portico-spinner" aria-hidden="true" /> {en.approveTransactionHint}
    </p>
  )
}
