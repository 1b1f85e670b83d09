import { en } from '../strings'

/** Shown for views whose flow is not built yet, so opening one is never a blank dialog. */
export function NotInThisBuild() {
  return <p className="portico-hint" role="status">{en.notInThisBuild}</p>
}
