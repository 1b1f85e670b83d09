/**
 * The email step-up code (server/auth/stepUp.ts, docs/security.md "Step-up"): a code of
 * its own purpose to the signed-in user's address, bound to the session's project and
 * device; redeeming it opens no session.
 */
import { type AuthSessionStore } from '../db/authSessions'
import { type CodeDesk } from './codeDesk'
import { pendingFor } from './emailChange'
import { AuthError } from './errors'
import { type AuthContext } from './serviceContext'
import { type Authenticated, type RequestContext } from './serviceTypes'

export function createStepUpCode(ctx: AuthContext, codes: CodeDesk) {
  return {
    async sendStepUpCode({ session, user }: Authenticated, context: RequestContext): Promise<void> {
      if (user.email === null) throw new AuthError(409, 'Conflict', 'STEP_UP_NO_EMAIL', 'This wallet has no email to send a code to; confirm with your passkey instead')
      // The owner's own signed-in device asks for a code to the owner's address.
      await codes.send({ purpose: 'step_up', to: user.email, projectId: session.projectId, deviceHash: session.deviceHash, userId: user.id, trustedDevice: true, context })
    },

    async verifyStepUpCode(auth: Authenticated, otp: string, context: RequestContext, record: (sessions: AuthSessionStore) => Promise<void>): Promise<void> {
      ctx.requireOtpShape(otp)
      await codes.redeem(await pendingFor(ctx, 'step_up', auth), otp, context, (_code, tx) => record(tx.sessions))
    },
  }
}
